// The islands module's URL in the client build, for the server build (vite.config.ts, `islands`).
declare module 'virtual:islands' {
  export const islandsModule: string | null;
}
