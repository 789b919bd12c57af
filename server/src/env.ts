import { z } from 'zod';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_ORIGIN: z.preprocess(emptyToUndefined, z.url().optional()),
  // A PostgreSQL server; without it, bookings live in embedded PGlite under DATA_DIR.
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  ),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  BOOKING_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  // How long a verified ID token is trusted without asking the identity provider again (0: never).
  TOKEN_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(300),
  // The built site; tests point it at a minimal one.
  CLIENT_DIR: z.string().min(1).default('build/client'),
  // Set by `npm start` when it runs the Auth Emulator.
  FIREBASE_AUTH_EMULATOR_HOST: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[\w.-]+:\d+$/, 'must be host:port')
      .optional(),
  ),
  GCLOUD_PROJECT: z.preprocess(emptyToUndefined, z.string().optional()),
});

export type ServerEnv = z.infer<typeof schema>;

// Read once at start; every bad variable is named, then the process stops.
export function loadServerEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid server environment:\n${lines.join('\n')}`);
  }
  return result.data;
}
