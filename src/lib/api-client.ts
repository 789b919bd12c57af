// The site's one way to call its own API: adds the signed-in user's ID token, reads JSON, and
// turns every failure into an ApiError whose message can be shown to the user as it is.
import { authErrorCode, getIdToken } from '~/lib/auth';
import { msg } from '#contracts/i18n';

export type ApiErrorKind =
  'offline' | 'unauthorized' | 'invalid' | 'rate-limited' | 'unavailable' | 'not-found' | 'other';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status?: number,
    readonly fieldErrors: Record<string, string> = {},
    // The whole JSON error body, for answers that carry more than a message (a 409's seatsLeft).
    readonly body: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

// What a refused request tells a form's one field: the server's message for that field, else its
// message; any other failure (no answer at all), `fallback`.
export const fieldFailure = (error: unknown, field: string, fallback: string) =>
  error instanceof ApiError ? (error.fieldErrors[field] ?? error.message) : fallback;

// What a refused request tells its screen: the server's message; any other failure, `fallback`.
export const failureMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  // What the caller reads from a 2xx (errors are JSON whatever it asks for).
  accept?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  // false for the public endpoints (departures): no ID token is needed, nor a signed-in user.
  auth?: boolean;
};

const kindOf = (status: number): ApiErrorKind => {
  if (status === 400 || status === 413 || status === 415 || status === 422) return 'invalid';
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'not-found';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'unavailable';
  return 'other';
};

// Marked (msg): a page in another language shows them translated, as it does the server's messages.
const fallbackMessages: Record<ApiErrorKind, string> = {
  offline: msg('You appear to be offline. Check your connection and try again.'),
  unauthorized: msg('Your session has expired. Please log in again.'),
  invalid: msg('Please check the highlighted fields.'),
  'rate-limited': msg('Too many requests. Please wait a minute and try again.'),
  unavailable: msg('Our booking service is unavailable right now. Please try again in a moment.'),
  'not-found': msg('We could not find that.'),
  other: msg('Something went wrong. Please try again.'),
};

async function tokenFor(options: RequestOptions): Promise<string | null> {
  if (options.auth === false) return null;
  let token: string | null;
  try {
    token = await getIdToken();
  } catch (error) {
    // A token refresh that could not reach the identity provider is a network problem.
    if (authErrorCode(error) === 'auth/network-request-failed')
      throw new ApiError('offline', fallbackMessages.offline);
    token = null;
  }
  if (!token) throw new ApiError('unauthorized', msg('Please log in again to continue.'));
  return token;
}

// JSON in, JSON out.
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiFetch(path, options);
  return (await response.json().catch(() => undefined)) as T;
}

// The response itself when it is 2xx (a CSV download reads it as a blob); an ApiError otherwise.
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  const token = await tokenFor(options);

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      signal: options.signal,
      headers: {
        accept: options.accept ?? 'application/json',
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        // A FormData body (an upload) sets its own multipart type with the boundary.
        ...(options.body === undefined || options.body instanceof FormData
          ? {}
          : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body:
        options.body === undefined
          ? undefined
          : options.body instanceof FormData
            ? options.body
            : JSON.stringify(options.body),
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const message = navigator.onLine
      ? msg('We could not reach our server. Check your connection and try again.')
      : fallbackMessages.offline;
    throw new ApiError('offline', message);
  }

  if (response.ok) return response;
  const data: unknown = await response.json().catch(() => undefined);

  const kind = kindOf(response.status);
  const body = (typeof data === 'object' && data !== null && !Array.isArray(data) ? data : {}) as {
    message?: unknown;
    fieldErrors?: unknown;
  } & Record<string, unknown>;
  const message = typeof body.message === 'string' && body.message ? body.message : fallbackMessages[kind];
  const fieldErrors =
    typeof body.fieldErrors === 'object' && body.fieldErrors !== null
      ? (body.fieldErrors as Record<string, string>)
      : {};
  throw new ApiError(kind, message, response.status, fieldErrors, body);
}
