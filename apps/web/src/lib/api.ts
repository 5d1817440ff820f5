import type { ApiErrorAnswer } from '@rostra/core/api/common';
import { HTTP_RETRY_COUNT, HTTP_RETRY_DELAY_MS, HTTP_RETRY_STATUSES } from '@rostra/core/shell/constants';
import { IDENTITY_MESSAGES, IDENTITY_TEXT } from '@rostra/core/shell/messages';
import { type AccessTokenAnswer, type AccessTokenCache, createAccessTokenCache } from './access-token.ts';

/** Prefix of the versioned API; the identity library is mounted at {@link AUTH_BASE}. */
export const API_BASE = '/api/v1';
export const AUTH_BASE = '/api/auth';
/** Where failed requests are reported (spec §7). Until the server has it, a 404 turns reporting off. */
export const ERROR_LOG_PATH = '/error-logs';

/**
 * How a failed request failed (spec §7: the interceptor classifies offline, CORS, connection
 * reset, 403 firewall and network errors). 'server' is a 5xx answer, 'answer' any other error
 * answer of our own API (a 4xx the screen shows in place), 'aborted' a request the caller cancelled.
 */
export type FailureKind =
  | 'offline'
  | 'cors'
  | 'connection-reset'
  | 'firewall'
  | 'network'
  | 'server'
  | 'answer'
  | 'aborted';

/**
 * The message of a write to the API whose answer never arrived (the connection failed, or a
 * gateway gave up): it may have been stored. Writes are not sent again by themselves, so a
 * create is not stored twice; the person checks before saving again.
 */
export const UNCONFIRMED_WRITE_MESSAGE = "We couldn't confirm the save. Check the list before trying again.";

/** Methods the client may send again by itself: they change nothing on the server. */
const SAFE_METHODS: readonly string[] = ['GET', 'HEAD'];

/** Gateway answers after which a write may still have been stored behind the gateway. */
const GATEWAY_GAVE_UP: readonly number[] = [502, 504];

/** Kinds the client itself toasts; an 'answer' belongs to the screen that asked. */
export const CLIENT_TOASTED_KINDS: readonly FailureKind[] = [
  'offline',
  'cors',
  'connection-reset',
  'firewall',
  'network',
  'server',
];

export class ApiError extends Error {
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /** The API's error code (`error.code`), or the failure kind when there was no API answer. */
  readonly code: string;
  readonly kind: FailureKind;
  readonly details: unknown;
  /** A write whose answer never arrived: it may have been stored (see UNCONFIRMED_WRITE_MESSAGE). */
  readonly unconfirmed: boolean;

  constructor(input: {
    status: number;
    code: string;
    message: string;
    kind: FailureKind;
    details?: unknown;
    unconfirmed?: boolean;
  }) {
    super(input.message);
    this.name = 'ApiError';
    this.status = input.status;
    this.code = input.code;
    this.kind = input.kind;
    this.details = input.details;
    this.unconfirmed = input.unconfirmed ?? false;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Network facts sent with an error report (the Network Information API where the browser has it). */
export type NetworkInfo = {
  online: boolean;
  effective_type?: string | undefined;
  downlink?: number | undefined;
  rtt?: number | undefined;
};

export type ErrorReport = {
  message: string;
  status: number;
  url: string;
  method: string;
  duration_ms: number;
  kind: FailureKind;
  network: NetworkInfo;
};

export type ApiClientDeps = {
  fetch: typeof fetch;
  /** Epoch milliseconds. */
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  isOnline: () => boolean;
  networkInfo: () => NetworkInfo;
  /** The page's origin, to tell a cross-origin (CORS) failure from any other network failure. */
  origin: string;
  /** Shows a failure the client classified (a toast in the app). */
  notify: (error: ApiError) => void;
};

/** A query string's parameters: absent values are left out. */
export type QueryParams = Readonly<Record<string, string | number | boolean | undefined>>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart (uploads); wins over `body`. */
  formData?: FormData;
  query?: QueryParams;
  headers?: Readonly<Record<string, string>>;
  /**
   * 'bearer' (default for /api/v1): adds `Authorization: Bearer <access token>` unless the
   * caller set one. 'cookie': the session cookie alone (identity calls, the token fetch itself).
   */
  auth?: 'bearer' | 'cookie';
  /**
   * Retry a GET or HEAD on 408/429/5xx and network errors (default true; writes are never
   * retried). Identity calls turn it off.
   */
  retry?: boolean;
  /** Do not toast a failure (the caller shows it, or it is a background probe). */
  quiet?: boolean;
  /** Do not send a failure to the error log. */
  unreported?: boolean;
  signal?: AbortSignal;
};

export type ApiClient = {
  /** `path` is under /api/v1 unless it starts with /api/ (identity calls) or a scheme. */
  request: <T>(path: string, options?: RequestOptions) => Promise<T>;
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => Promise<T>;
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => Promise<T>;
  tokens: AccessTokenCache;
};

/** The API's error shape `{ error: { code, message, details? } }`, or a bare `{ code?, message }`. */
function readErrorBody(body: unknown): Partial<ApiErrorAnswer['error']> {
  if (typeof body !== 'object' || body === null) return {};
  const inner = 'error' in body && typeof body.error === 'object' && body.error !== null ? body.error : body;
  return {
    ...('code' in inner && typeof inner.code === 'string' ? { code: inner.code } : {}),
    ...('message' in inner && typeof inner.message === 'string' ? { message: inner.message } : {}),
    ...('details' in inner && inner.details !== undefined ? { details: inner.details } : {}),
  };
}

/** Whether the body is in our API's error shape, so a 403 came from us and not from a firewall. */
function isOwnErrorShape(body: unknown): boolean {
  return readErrorBody(body).message !== undefined;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** Classifies a request that got no answer. */
export function classifyNetworkFailure(
  thrown: unknown,
  input: { isOnline: boolean; isCrossOrigin: boolean },
): ApiError {
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  if (thrown instanceof DOMException && thrown.name === 'AbortError') {
    return new ApiError({ status: 0, code: 'aborted', message, kind: 'aborted' });
  }
  const kind: FailureKind = !input.isOnline
    ? 'offline'
    : /reset|ECONNRESET|ERR_CONNECTION_CLOSED|socket hang up/i.test(message)
      ? 'connection-reset'
      : input.isCrossOrigin
        ? 'cors'
        : 'network';
  return new ApiError({ status: 0, code: kind, message: IDENTITY_MESSAGES['network-request-failed'], kind });
}

/** Classifies an error answer. A 403 that is not in our error shape was sent by something in between. */
export function classifyAnswer(status: number, body: unknown): ApiError {
  const parsed = readErrorBody(body);
  if (status === 403 && !isOwnErrorShape(body)) {
    return new ApiError({
      status,
      code: 'firewall',
      message: `HTTP ${status}`,
      kind: 'firewall',
      details: body,
    });
  }
  const kind: FailureKind = status >= 500 ? 'server' : 'answer';
  return new ApiError({
    status,
    code: parsed.code ?? `http_${status}`,
    message: parsed.message ?? IDENTITY_TEXT.somethingWentWrong,
    kind,
    details: parsed.details,
  });
}

/**
 * Whether a failed request is sent again by itself: only a safe method (GET, HEAD), on 408, 429,
 * 500, 502, 503, 504 or a network error. A write never is: its answer may be what was lost, and
 * sending it again could store it twice.
 */
export function isRetriable(error: ApiError, method = 'GET'): boolean {
  if (!SAFE_METHODS.includes(method)) return false;
  if (error.kind === 'aborted' || error.kind === 'firewall') return false;
  return error.status === 0 || HTTP_RETRY_STATUSES.includes(error.status);
}

/**
 * A failed write to the API that may have been stored all the same (no answer arrived, or a
 * gateway gave up waiting for one): the same failure, with UNCONFIRMED_WRITE_MESSAGE for the screen.
 */
function unconfirmedWrite(failure: ApiError, method: string, isApiPath: boolean): ApiError {
  if (SAFE_METHODS.includes(method) || !isApiPath || failure.kind === 'aborted') return failure;
  if (failure.status !== 0 && !GATEWAY_GAVE_UP.includes(failure.status)) return failure;
  return new ApiError({
    status: failure.status,
    code: failure.code,
    message: UNCONFIRMED_WRITE_MESSAGE,
    kind: failure.kind,
    details: failure.details,
    unconfirmed: true,
  });
}

function resolveUrl(path: string, query: RequestOptions['query']): string {
  const base = /^[a-z]+:\/\//i.test(path) || path.startsWith('/api/') ? path : `${API_BASE}${path}`;
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const qs = params.toString();
  return qs === '' ? base : `${base}${base.includes('?') ? '&' : '?'}${qs}`;
}

/**
 * The typed HTTP client of spec §7:
 * - adds `Authorization: Bearer` with the cached access token to API requests (a 401 on a cached
 *   token clears it and tries once more with a fresh one: the token may predate a company switch);
 * - retries a GET or HEAD on 408, 429, 500, 502, 503, 504 or a network error: 2 retries, 2 s
 *   apart. Writes are never retried (their answer may be what was lost: a create would be stored
 *   twice); one whose answer did not arrive fails with UNCONFIRMED_WRITE_MESSAGE;
 * - classifies failures (offline, CORS, connection reset, 403 firewall, network, server) and
 *   toasts those no screen handles; 4xx answers are thrown for the screen to show in place;
 * - reports failures to `POST /api/v1/error-logs` with message, status, url, duration and network
 *   info, except 401 (nobody to key the report by) and plain 4xx answers (those are not faults).
 *   A 404 from the error log means the server does not have it yet: reporting stops quietly.
 */
export function createApiClient(deps: ApiClientDeps): ApiClient {
  let isReportingOn = true;

  const tokens = createAccessTokenCache({
    fetchToken: () =>
      request<AccessTokenAnswer>('/access_token', { auth: 'cookie', quiet: true, unreported: true }),
    now: deps.now,
  });

  function report(error: ApiError, url: string, method: string, startedAt: number): void {
    if (!isReportingOn || error.status === 401 || error.kind === 'aborted') return;
    if (error.kind === 'answer' && error.status !== 408 && error.status !== 429) return;
    const body: ErrorReport = {
      message: error.message,
      status: error.status,
      url,
      method,
      duration_ms: Math.max(0, deps.now() - startedAt),
      kind: error.kind,
      network: deps.networkInfo(),
    };
    request(ERROR_LOG_PATH, { method: 'POST', body, retry: false, quiet: true, unreported: true }).catch(
      (failure: unknown) => {
        if (isApiError(failure) && failure.status === 404) isReportingOn = false;
      },
    );
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? (options.body !== undefined || options.formData ? 'POST' : 'GET');
    const url = resolveUrl(path, options.query);
    const isApiPath = url.startsWith(API_BASE);
    const auth = options.auth ?? (isApiPath ? 'bearer' : 'cookie');
    const isCrossOrigin = /^[a-z]+:\/\//i.test(url) && !url.startsWith(deps.origin);
    const startedAt = deps.now();
    let retries = 0;
    let hasRenewedToken = false;

    for (;;) {
      const headers = new Headers(options.headers);
      let body: BodyInit | undefined;
      if (options.formData) body = options.formData;
      else if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers.set('content-type', 'application/json');
      }
      if (!headers.has('accept')) headers.set('accept', 'application/json');
      const usesBearer = auth === 'bearer' && !headers.has('authorization');
      let failure: ApiError;
      try {
        if (usesBearer) headers.set('authorization', `Bearer ${await tokens.get()}`);
        const response = await deps.fetch(url, {
          method,
          headers,
          ...(body !== undefined ? { body } : {}),
          credentials: 'same-origin',
          ...(options.signal ? { signal: options.signal } : {}),
        });
        const answer = await readBody(response);
        if (response.ok) return answer as T;
        if (response.status === 401 && usesBearer && !hasRenewedToken) {
          hasRenewedToken = true;
          tokens.clear();
          continue;
        }
        failure = classifyAnswer(response.status, answer);
      } catch (thrown) {
        // The token fetch failed: its own error (a 401 means "not signed in") is the answer.
        if (isApiError(thrown)) throw thrown;
        failure = classifyNetworkFailure(thrown, { isOnline: deps.isOnline(), isCrossOrigin });
      }

      if (options.retry !== false && retries < HTTP_RETRY_COUNT && isRetriable(failure, method)) {
        retries += 1;
        await deps.sleep(HTTP_RETRY_DELAY_MS);
        continue;
      }
      failure = unconfirmedWrite(failure, method, isApiPath);
      if (!options.unreported) report(failure, url, method, startedAt);
      if (!options.quiet && CLIENT_TOASTED_KINDS.includes(failure.kind)) deps.notify(failure);
      throw failure;
    }
  }

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    tokens,
  };
}
