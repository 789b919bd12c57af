// apiRequest (~/lib/api-client) speaks GET and POST with JSON answers; the console also sends
// PATCH and downloads CSV. This is the same contract for those: the user's ID token on the
// request, every failure an ApiError whose message can be shown as it is.
import { ApiError, type ApiErrorKind } from '~/lib/api-client';
import { authErrorCode, getIdToken } from '~/lib/auth';

type AdminFetchOptions = {
  method?: 'GET' | 'POST' | 'PATCH';
  body?: unknown;
  accept?: string;
  signal?: AbortSignal;
};

const kindOf = (status: number): ApiErrorKind => {
  if (status === 400 || status === 422) return 'invalid';
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'not-found';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'unavailable';
  return 'other';
};

const fallback: Record<ApiErrorKind, string> = {
  offline: 'We could not reach our server. Check your connection and try again.',
  unauthorized: 'Your session has expired, or this account is not an operator. Please log in again.',
  invalid: 'Please check the highlighted fields.',
  'rate-limited': 'Too many requests. Please wait a minute and try again.',
  unavailable: 'The console is unavailable right now. Please try again in a moment.',
  'not-found': 'We could not find that.',
  other: 'Something went wrong. Please try again.',
};

async function token(): Promise<string> {
  let value: string | null = null;
  try {
    value = await getIdToken();
  } catch (error) {
    if (authErrorCode(error) === 'auth/network-request-failed')
      throw new ApiError('offline', fallback.offline);
  }
  if (!value) throw new ApiError('unauthorized', 'Please log in again to continue.');
  return value;
}

// Resolves with the response when it is 2xx; throws an ApiError otherwise.
export async function adminFetch(path: string, options: AdminFetchOptions = {}): Promise<Response> {
  const authorization = `Bearer ${await token()}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      signal: options.signal,
      headers: {
        accept: options.accept ?? 'application/json',
        authorization,
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError('offline', fallback.offline);
  }
  if (response.ok) return response;

  const data: unknown = await response.json().catch(() => undefined);
  const body = (typeof data === 'object' && data !== null && !Array.isArray(data) ? data : {}) as Record<
    string,
    unknown
  >;
  const kind = kindOf(response.status);
  const message = typeof body.message === 'string' && body.message ? body.message : fallback[kind];
  const fieldErrors =
    typeof body.fieldErrors === 'object' && body.fieldErrors !== null
      ? (body.fieldErrors as Record<string, string>)
      : {};
  throw new ApiError(kind, message, response.status, fieldErrors);
}
