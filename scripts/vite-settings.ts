// The VITE_ settings a build was made with: they are written into the browser's code (the Firebase
// project, the Auth Emulator's address), so `npm start` (./start.ts) builds again when they
// differ. `npm run build` runs this file last, which records them beside the build.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const viteSettingsFile = (root: string) => join(root, 'build/vite-settings.json');

export const viteSettings = (env: NodeJS.ProcessEnv = process.env) =>
  JSON.stringify(
    Object.fromEntries(
      Object.entries(env)
        .filter(([name]) => name.startsWith('VITE_'))
        .sort(([a], [b]) => a.localeCompare(b)),
    ),
  );

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(viteSettingsFile(fileURLToPath(new URL('..', import.meta.url))), viteSettings());
}
