// First byte of signed-in pages after a session's first request (DESIGN's production-shaped
// identity provider): the ID token is exchanged for the session cookie (POST /api/session), the
// pages are asked for once each (the request that may verify the cookie with the identity
// provider), then `warmup` rounds of all of them, then each `requests` more times one after
// another; the figure is the p95 of the time to the answer's headers of those last. With the
// identity provider behind scripts/delay-proxy.ts, a server that asks it on every page request
// pays its delay twice on each of them.
export async function firstBytes(options: {
  origin: string;
  idToken: string;
  paths: string[];
  requests?: number;
  // Requests of every page before the counted ones (10).
  warmup?: number;
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
  const time = async (path: string) => {
    const t = performance.now();
    const res = await fetch(`${options.origin}${path}`, { headers: { cookie }, redirect: 'manual' });
    const ms = performance.now() - t;
    await res.arrayBuffer();
    return { ms, status: res.status };
  };
  // Each page's first request, before any other: it pays for whatever the process had not yet
  // done (its first render of that route, V8 compiling the code). Printed, not budgeted.
  const firsts = [];
  for (const path of options.paths) firsts.push(await time(path));
  // Then every page a few times more, not counted: the budget is the server at work, and measured
  // cold, the first page in the list also paid for the renders the later ones shared (the
  // package page, measured first, had a p95 of 79-102 ms and the others 21-41).
  for (let round = 0; round < (options.warmup ?? 10); round++) {
    for (const path of options.paths) await time(path);
  }
  const out = [];
  for (const [i, path] of options.paths.entries()) {
    const times: number[] = [];
    let status = firsts[i]!.status;
    for (let n = 0; n < (options.requests ?? 40); n++) {
      const r = await time(path);
      times.push(r.ms);
      if (r.status !== 200) status = r.status;
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!;
    out.push({ path, p95: at(0.95), p50: at(0.5), first: firsts[i]!.ms, status });
  }
  return out;
}
