export type CspOrigins = {
  // Origins the Firebase Auth SDK talks to: the emulator locally, Google's endpoints in production.
  authConnect: string[];
  authFrames: string[];
};

export function contentSecurityPolicy(origins: CspOrigins, scriptHashes: string[] = []): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // apis.google.com serves the gapi loader that signInWithPopup needs.
    'script-src': ["'self'", ...scriptHashes, 'https://apis.google.com'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'https://*.googleusercontent.com'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...origins.authConnect],
    'frame-src': ["'self'", ...origins.authFrames],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

export const permissionsPolicy =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), magnetometer=(), gyroscope=(), accelerometer=(), interest-cohort=()';
