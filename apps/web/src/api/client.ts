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
 * Network failures reject with fetch's own TypeError so they stay retryable.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  // Fastify rejects an empty body declared as JSON, so the content type is only sent with a body.
  const hasBody = options.body !== undefined;
  const isFile = options.body instanceof Blob;
  if (hasBody) headers['Content-Type'] = isFile ? 'application/octet-stream' : 'application/json';

  const response = await fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body: isFile ? (options.body as Blob) : hasBody ? JSON.stringify(options.body) : null,
    signal: options.signal ?? null,
  });
  const body = await readBody(response);
  if (!response.ok) {
    // The stored token no longer works (expired, signed out elsewhere, user deleted): forget it, so the guards
    // send the person to the login page instead of showing errors.
    if (response.status === 401 && token !== null) signOut('expired');
    throw new ApiError(response.status, errorMessageFrom(body, response.status), body);
  }
  return options.schema ? options.schema.parse(body) : (body as T);
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
