// A production-shaped identity provider: the Auth Emulator answers in about a millisecond, where
// Google's servers are tens of milliseconds away from a real host. This proxy sits in front of
// it and holds every request `delayMs` before passing it on and every answer `delayMs` before
// returning it (80 ms each way by default), so a benchmark or an e2e run sees what a server
// that asks the identity provider on a page request would cost in production.
//   npx tsx scripts/delay-proxy.ts            # 127.0.0.1:9199 -> 127.0.0.1:9099, 80 ms each way
//   DELAY_MS=40 DELAY_PROXY_PORT=9299 DELAY_PROXY_TARGET=127.0.0.1:9099 npx tsx scripts/delay-proxy.ts
// then point the server (or the e2e run) at it: FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9199.
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type DelayProxy = {
  // host:port, as FIREBASE_AUTH_EMULATOR_HOST takes it.
  host: string;
  // Requests passed on so far.
  forwarded: () => number;
  close: () => Promise<void>;
};

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startDelayProxy(options: {
  // host:port of the emulator.
  target: string;
  delayMs?: number;
  // 0: any free port.
  port?: number;
}): Promise<DelayProxy> {
  const delayMs = options.delayMs ?? 80;
  const [targetHost, targetPort] = options.target.split(':') as [string, string];
  let forwarded = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      await wait(delayMs);
      forwarded++;
      const headers: IncomingHttpHeaders = { ...req.headers, host: options.target };
      const upstream = httpRequest(
        { host: targetHost, port: Number(targetPort), method: req.method, path: req.url, headers },
        (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (c: Buffer) => body.push(c));
          answer.on('end', async () => {
            await wait(delayMs);
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            res.end(Buffer.concat(body));
          });
        },
      );
      upstream.on('error', (error) => {
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: `delay proxy: ${error.message}` }));
      });
      upstream.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    forwarded: () => forwarded,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const proxy = await startDelayProxy({
    target: process.env.DELAY_PROXY_TARGET ?? '127.0.0.1:9099',
    delayMs: Number(process.env.DELAY_MS ?? 80),
    port: Number(process.env.DELAY_PROXY_PORT ?? 9199),
  });
  console.log(
    `Delay proxy at ${proxy.host}: ${process.env.DELAY_MS ?? 80} ms each way to ${process.env.DELAY_PROXY_TARGET ?? '127.0.0.1:9099'}`,
  );
  const stop = () => void proxy.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
