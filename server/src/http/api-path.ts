import type { FastifyRequest } from 'fastify';

// Whether a request is an API call, decided on the route it matched, never on the raw URL: the
// router decodes %-escapes, so "/%61pi/bookings" reaches /api/bookings while its raw URL does not
// start with "/api/". A request no route matched (or only the static files' catch-all) is judged
// on its decoded path, as the router would read it.
export function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route !== undefined && route !== '/*') return route.startsWith('/api/');
  return decodedPath(request.url).startsWith('/api/');
}

export function decodedPath(url: string): string {
  const path = url.split('?')[0]!;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
