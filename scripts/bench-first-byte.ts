// First byte of signed-in pages after a session's first request (DESIGN's production-shaped
// identity provider): the ID token is exchanged for the session cookie (POST /api/session), the
// page is asked for once (the request that may verify the cookie with the identity provider),
// then `requests` more times one after another; the figure is the p95 of the time to the answer's
// headers of those. With the identity provider behind scripts/delay-proxy.ts, a server that asks
// it on every page request pays its delay twice on each of them.
export async function firstBytes(options: {
  origin: string;
  idToken: string;
  paths: string[];
  requests?: number;
}): Promise<{ path: string; p95: number; p50: number; first: number; status: number }[]> {
  const session = await fetch(`${options.origin}/api/session`, {
    method: 'POST',
    headers: { authorization: `Bearer ${options.idToken}` },
  });
  const cookie = session.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!session.ok || !cookie) throw new Error(`POST /api/session answered ${session.status}`);
  const out = [];
  for (const path of options.paths) {
    const time = async () => {
      const t = performance.now();
      const res = await fetch(`${options.origin}${path}`, { headers: { cookie }, redirect: 'manual' });
      const ms = performance.now() - t;
      await res.arrayBuffer();
      return { ms, status: res.status };
    };
    const first = await time();
    const times: number[] = [];
    let status = first.status;
    for (let i = 0; i < (options.requests ?? 40); i++) {
      const r = await time();
      times.push(r.ms);
      if (r.status !== 200) status = r.status;
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!;
    out.push({ path, p95: at(0.95), p50: at(0.5), first: first.ms, status });
  }
  return out;
}
