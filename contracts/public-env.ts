import { z } from 'zod';

// Public values compiled into the browser bundle. Validated once, at build time, by
// vite.config.ts: a bad value stops the build with every offending variable named.
const optional = z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional());

export const publicEnvSchema = z
  .object({
    VITE_SITE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
    VITE_FIREBASE_API_KEY: optional,
    VITE_FIREBASE_AUTH_DOMAIN: optional,
    VITE_FIREBASE_PROJECT_ID: optional,
    VITE_FIREBASE_APP_ID: optional,
    VITE_FIREBASE_AUTH_EMULATOR_HOST: z
      .string()
      .regex(/^[\w.-]+:\d+$/, 'must be host:port')
      .default('127.0.0.1:9099'),
  })
  .superRefine((env, ctx) => {
    const firebase = [
      'VITE_FIREBASE_API_KEY',
      'VITE_FIREBASE_AUTH_DOMAIN',
      'VITE_FIREBASE_PROJECT_ID',
      'VITE_FIREBASE_APP_ID',
    ] as const;
    const set = firebase.filter((k) => env[k] !== undefined);
    if (set.length > 0 && set.length < firebase.length) {
      for (const key of firebase) {
        if (env[key] === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'is required when any VITE_FIREBASE_* project value is set',
          });
        }
      }
    }
  });

export type PublicEnv = z.infer<typeof publicEnvSchema>;

export function parsePublicEnv(source: Record<string, string | undefined>): PublicEnv {
  const result = publicEnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid public environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

export const usesRealFirebase = (env: PublicEnv) => env.VITE_FIREBASE_API_KEY !== undefined;
