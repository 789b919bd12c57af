// The public configuration as the browser sees it. vite.config.ts has already validated these
// values with contracts/public-env.ts, so this module stays free of zod and tiny.
const env = import.meta.env;

const realProject = Boolean(env.VITE_FIREBASE_API_KEY);

export const firebaseConfig = realProject
  ? {
      apiKey: env.VITE_FIREBASE_API_KEY as string,
      authDomain: env.VITE_FIREBASE_AUTH_DOMAIN as string,
      projectId: env.VITE_FIREBASE_PROJECT_ID as string,
      appId: env.VITE_FIREBASE_APP_ID as string,
    }
  : // Local default: the Firebase Auth Emulator with a demo project (no real credentials).
    {
      apiKey: 'demo-api-key',
      authDomain: 'demo-travel.firebaseapp.com',
      projectId: 'demo-travel',
      appId: 'demo-app',
    };

export const authEmulatorUrl = realProject
  ? undefined
  : `http://${(env.VITE_FIREBASE_AUTH_EMULATOR_HOST as string | undefined) ?? '127.0.0.1:9099'}`;

export const siteUrl = ((env.VITE_SITE_URL as string | undefined) ?? 'http://localhost:3000').replace(
  /\/$/,
  '',
);
