import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

export type CspOrigins = {
  // Origins the Firebase Auth SDK talks to: the emulator locally, Google's endpoints in production.
  authConnect: string[];
  authFrames: string[];
};

// What a page's own inline scripts are allowed by: the hashes of a prerendered file's fixed
// scripts (server/src/html.ts), or a rendered response's nonce (server/src/pages/render.ts). No
// 'unsafe-inline', and no 'strict-dynamic': the scripts the pages load themselves (their modules,
// the gapi loader) come from the listed origins.
export type InlineScripts = { hashes: string[] } | { nonce: string };

export function contentSecurityPolicy(origins: CspOrigins, inline: InlineScripts = { hashes: [] }): string {
  const inlineSources = 'nonce' in inline ? [`'nonce-${inline.nonce}'`] : inline.hashes;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // apis.google.com serves the gapi loader that signInWithPopup needs.
    'script-src': ["'self'", ...inlineSources, 'https://apis.google.com'],
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

// The headers helmet's middleware sets, read from one run against a stand-in response. Throws if
// it would do anything else (remove a header other than X-Powered-By, or answer itself), so a
// helmet upgrade that starts to depend on the request cannot be frozen here by mistake.
function staticSecurityHeaders(middleware: ReturnType<typeof helmet>): [string, string][] {
  const set: [string, string][] = [];
  const response = {
    setHeader: (name: string, value: string) => void set.push([name, String(value)]),
    removeHeader: (name: string) => {
      if (name.toLowerCase() !== 'x-powered-by') throw new Error(`helmet removed ${name}`);
    },
  };
  let called = false;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    called = true;
  });
  if (!called) throw new Error('helmet did not finish synchronously');
  return set;
}

export type SecurityHeaders = [string, string][];

// The headers every answer carries. Helmet's middleware is built once: @fastify/helmet built it
// again for every request, which profiled as 4% of the server's time under `npm run bench:api`.
// Its headers depend on nothing in the request: taken once from a dry run and set on every
// response (running its dozen middlewares per request was 5% of the server's time). Pages set
// their own Content-Security-Policy over this one (../pages/site-pages.ts).
export function securityHeaderList(csp: CspOrigins, production: boolean): SecurityHeaders {
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(
        contentSecurityPolicy(csp)
          .split('; ')
          .map((d) => {
            const [name, ...values] = d.split(' ');
            return [name!, values];
          }),
      ),
    },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: production ? { maxAge: 31536000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
  const headers = staticSecurityHeaders(middleware);
  headers.push(['Permissions-Policy', permissionsPolicy]);
  return headers;
}

export const setSecurityHeaders = (reply: FastifyReply, headers: SecurityHeaders) => {
  for (const [name, value] of headers) reply.raw.setHeader(name, value);
};

export const securityHeaders = fp<{ headers: SecurityHeaders }>(
  (app, { headers }, done) => {
    app.addHook('onRequest', (_request, reply, next) => {
      setSecurityHeaders(reply, headers);
      next();
    });
    done();
  },
  { name: 'security-headers' },
);
