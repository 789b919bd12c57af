import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pretty from 'pino-pretty';
import { decodedPath } from './api-path.js';

// One line a request, "POST /api/bookings 201 23 ms", instead of Fastify's two ("incoming
// request", "request completed"). The JSON line keeps Fastify's usual fields (req, res,
// responseTime) for log collectors.
// API calls at info, failures at error; pages, images and scripts at debug (LOG_LEVEL=debug shows
// them), so the terminal is not a scroll of every file a page loads.
export function requestLineLevel(url: string, status: number, failed: boolean): 'error' | 'info' | 'debug' {
  if (failed || status >= 500) return 'error';
  // Health checks come every few seconds from a load balancer (and from npm start's own wait).
  if (url === '/api/health') return 'debug';
  return url.startsWith('/api/') ? 'info' : 'debug';
}

// The path as logged: a query's values are replaced ("?q=[redacted]&page=[redacted]"), since an
// operator's search (/api/admin/bookings?q=...) is often a traveller's name or email.
// A traveller's personal link is a key to their details (server/src/guest-links): its token is
// never written to the log, in the API's path or the page's.
// The router decodes %-escapes ("/%61pi/guest%2Dlinks/<token>" reaches the link's route), so the
// raw URL is judged as the router reads it: a path that decodes to a link's path is logged as
// the decoded path without its token.
const linkPath = /^(\/api\/guest-links\/|\/travellers\/)[^/?#]+/;
export const redactLinkTokens = (url: string) => {
  const at = url.indexOf('?');
  const path = at < 0 ? url : url.slice(0, at);
  const decoded = decodedPath(path);
  if (!linkPath.test(decoded)) return url;
  return decoded.replace(linkPath, '$1…') + (at < 0 ? '' : url.slice(at));
};

// A route with a token among its parameters (the personal link's API and page) is logged as its
// route, the token replaced: decided on the route the request matched, whatever its spelling.
const tokenRoute = (request: Pick<FastifyRequest, 'routeOptions'>) => {
  const route = request.routeOptions?.url;
  return route !== undefined && route.includes(':token') ? route.replaceAll(':token', '…') : undefined;
};

export function loggedRequestUrl(request: Pick<FastifyRequest, 'url' | 'routeOptions'>): string {
  const route = tokenRoute(request);
  if (route === undefined) return loggedUrl(request.url);
  const at = request.url.indexOf('?');
  return loggedUrl(at < 0 ? route : route + request.url.slice(at));
}

export function loggedUrl(raw: string): string {
  const url = redactLinkTokens(raw);
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = url
    .slice(at + 1)
    .split('&')
    .filter((pair) => pair.length > 0)
    .map((pair) => `${pair.split('=')[0]}=[redacted]`);
  return `${url.slice(0, at)}?${names.join('&')}`;
}

export class RequestLineLog extends LogController {
  incomingRequest() {}

  requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = `${request.method} ${loggedRequestUrl(request)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    const level = requestLineLevel(request.url, reply.statusCode, Boolean(error));
    reply.log[level](error ? { ...fields, err: error } : fields, line);
  }
}

const levelNames: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

// JSON lines when stdout is a pipe or a file (log collectors); at a terminal, one readable line
// an event, "12:03:04 POST /api/bookings 201 23 ms", with WARN or ERROR in front when it is one
// and an error's details below it.
export function loggerOptions(level: string) {
  // The JSON line's req field, as Fastify's own serializer writes it but with the query redacted.
  const serializers = {
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: loggedRequestUrl(request),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }),
  };
  if (!process.stdout.isTTY) return { level, serializers };
  return {
    level,
    serializers,
    stream: pretty({
      // Written before the process exits, so "database closed" is never lost.
      sync: true,
      customColors: 'message:reset',
      ignore: 'pid,hostname,time,level,reqId,req,res,responseTime',
      messageFormat: (log, messageKey, _levelLabel, { colors }) => {
        const value = Number(log.level);
        const name = levelNames[value];
        const tag = name ? `${value >= 50 ? colors.red(name) : colors.yellow(name)} ` : '';
        const time = new Date(Number(log.time)).toTimeString().slice(0, 8);
        return `${colors.gray(time)} ${tag}${String(log[messageKey] ?? '')}`;
      },
    }),
  };
}
