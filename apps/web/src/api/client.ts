import { getToken, signOut } from '../auth/session.ts';

export const API_BASE = '/api';

/** A non-2xx answer from the API, carrying the server's human-readable message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** Machine-readable code from the server's error body, when it sent one. */
  readonly code: string | undefined;
  readonly body: unknown;

  constructor(status: number, message: string, body?: unknown) {
    super(message);
    this.status = status;
    this.body = body;
    const code = isRecord(body) ? body.code : undefined;
    this.code = typeof code === 'string' ? code : undefined;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

type QueryValue = string | number | boolean | null | undefined;

/** Anything with a zod-like parse, so responses can be checked against the shared schemas in core. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Undefined and null values are left out of the query string. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON; a Blob (an uploaded file) is sent as it is, as application/octet-stream. */
  body?: unknown;
  signal?: AbortSignal;
  schema?: ResponseSchema<T>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

// SPEC §7's order: error, then detail, then message, then a generic line with the status.
export function errorMessageFrom(body: unknown, status: number): string {
  if (isRecord(body)) {
    for (const key of ['error', 'detail', 'message'] as const) {
      const value = body[key];
      if (typeof value === 'string' && value.trim() !== '') return value;
    }
  }
  return `HTTP error! status: ${status}`;
}

function buildUrl(path: string, query: RequestOptions<unknown>['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return search === '' ? url : `${url}?${search}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // A proxy's HTML error page, for instance; callers only ever see it through ApiError's fallback message.
    return text;
  }
}

/**
 * Calls the API. No timeout by default (SPEC §7): pass an AbortSignal, as TanStack Query does, to cancel.
 * Network failures reject with fetch's own TypeError so they stay retryable. A GET that prefetchGet has already
 * sent takes that request's answer instead of sending another.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const url = buildUrl(path, options.query);
  const method = options.method ?? 'GET';
  const early = method === 'GET' ? takeEarlyAnswer(url, options.signal) : undefined;
  const body = await (early ?? send(url, method, options.body, options.signal ?? null, getToken()));
  return options.schema ? options.schema.parse(body) : (body as T);
}

/** One request: the answer's body, or an ApiError carrying the server's message. */
async function send(
  url: string,
  method: NonNullable<RequestOptions<unknown>['method']>,
  payload: unknown,
  signal: AbortSignal | null,
  token: string | null,
): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  // Fastify rejects an empty body declared as JSON, so the content type is only sent with a body.
  const hasBody = payload !== undefined;
  const isFile = payload instanceof Blob;
  if (hasBody) headers['Content-Type'] = isFile ? 'application/octet-stream' : 'application/json';

  const response = await fetch(url, {
    method,
    headers,
    body: isFile ? (payload as Blob) : hasBody ? JSON.stringify(payload) : null,
    signal,
  });
  const body = await readBody(response);
  if (!response.ok) {
    // The stored token no longer works (expired, signed out elsewhere, user deleted): forget it, so the guards
    // send the person to the login page instead of showing errors.
    if (response.status === 401 && token !== null) signOut('expired');
    throw new ApiError(response.status, errorMessageFrom(body, response.status), body);
  }
  return body;
}

/** A GET sent ahead of the code that will ask for it (see prefetchGet). */
interface EarlyAnswer {
  body: Promise<unknown>;
  controller: AbortController;
  token: string | null;
  /** An apiRequest has taken it: nobody else gets it, and it is not sent again for a while. */
  taken: boolean;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Kept on the page's global object: the page's first script is a classic script with its own copy of this module
 * (vite.config.ts, prefetchScript), so that it runs before the app's modules are even compiled; the app's copy must
 * find the requests it sent.
 */
const pageGlobal = globalThis as { __kingdomStatsEarlyAnswers?: Map<string, EarlyAnswer> };
pageGlobal.__kingdomStatsEarlyAnswers ??= new Map();
const earlyAnswers = pageGlobal.__kingdomStatsEarlyAnswers;

/**
 * How long an early answer waits to be taken (after that whoever asks sends their own request), and how long a
 * taken one keeps a second prefetchGet of the same URL from sending it again.
 */
export const EARLY_ANSWER_TTL_MS = 10_000;

/**
 * Sends a GET now, for a screen that will ask for exactly this path and query once its code has loaded: the page's
 * first script and the route loaders call it, so the request runs while the app's code downloads instead of after.
 * The first apiRequest for the same URL (within EARLY_ANSWER_TTL_MS, with the same sign-in) takes this request's
 * answer or failure as its own, so each attempt is still one request and retries, errors and sign-out behave as if
 * it had sent it itself. The same URL is not sent twice within that time, whichever of the callers comes first.
 * Answers the body (without schema) for a caller that needs it.
 */
export function prefetchGet(path: string, query?: RequestOptions<unknown>['query']): Promise<unknown> {
  const url = buildUrl(path, query);
  const token = getToken();
  const known = earlyAnswers.get(url);
  if (known && known.token === token) return known.body;
  if (known) dropEarlyAnswer(url);
  const controller = new AbortController();
  const body = send(url, 'GET', undefined, controller.signal, token);
  // Nobody may ever take it: its failure is not an unhandled rejection.
  body.catch(() => {});
  const timer = setTimeout(() => dropEarlyAnswer(url), EARLY_ANSWER_TTL_MS);
  earlyAnswers.set(url, { body, controller, token, taken: false, timer });
  return body;
}

/** Calls off a prefetchGet nobody has taken yet (the screen turned out to need another query). */
export function cancelPrefetch(path: string, query?: RequestOptions<unknown>['query']): void {
  dropEarlyAnswer(buildUrl(path, query));
}

/** Forgets an early answer; one nobody has taken is not wanted any more, so its request is aborted. */
function dropEarlyAnswer(url: string): void {
  const early = earlyAnswers.get(url);
  if (!early) return;
  earlyAnswers.delete(url);
  clearTimeout(early.timer);
  if (!early.taken) early.controller.abort();
}

/** The waiting early answer for a URL, taken once; the taker's signal can still cancel the request. */
function takeEarlyAnswer(url: string, signal: AbortSignal | undefined): Promise<unknown> | undefined {
  const early = earlyAnswers.get(url);
  if (!early || early.taken) return undefined;
  if (early.token !== getToken()) {
    dropEarlyAnswer(url);
    return undefined;
  }
  early.taken = true;
  if (signal?.aborted) early.controller.abort(signal.reason);
  else signal?.addEventListener('abort', () => early.controller.abort(signal.reason), { once: true });
  return early.body;
}

export function apiGet<T = unknown>(path: string, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) {
  return apiRequest<T>(path, { ...options, method: 'GET' });
}

export function apiPost<T = unknown>(
  path: string,
  body?: unknown,
  options: Omit<RequestOptions<T>, 'method' | 'body'> = {},
) {
  return apiRequest<T>(path, { ...options, method: 'POST', body });
}

export function apiDelete<T = unknown>(
  path: string,
  options: Omit<RequestOptions<T>, 'method' | 'body'> = {},
) {
  return apiRequest<T>(path, { ...options, method: 'DELETE' });
}

/** Encodes one path segment, so a kingdom code or secret cannot add segments or a query string. */
export function segment(value: string | number): string {
  return encodeURIComponent(String(value));
}
