export type ApiErrorDetail = { field: string; key: string; params?: Record<string, unknown> };

/** An error answered by the server (`{ error: { code, message, details } }`) or a failed network call (code NETWORK). */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details?: ApiErrorDetail[];
  constructor(code: string, message: string, status: number, details?: ApiErrorDetail[]) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

/**
 * The server's field problems of a refused save, each translated (`common:<key>`), by field; empty
 * when the error names no field (the caller then shows one message instead).
 */
export function translatedFieldErrors(error: unknown, t: (key: string) => string): Record<string, string> {
  const details = error instanceof ApiError ? (error.details ?? []) : [];
  return Object.fromEntries(details.map((d) => [d.field, t(`common:${d.key}`)]));
}

export type ApiOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (e.g. Idempotency-Key on posting actions). */
  headers?: Record<string, string>;
};

type ErrorShape = { error?: { code?: unknown; message?: unknown; details?: unknown } };

function toUrl(path: string): string {
  return path.startsWith('/api') ? path : `/api${path.startsWith('/') ? '' : '/'}${path}`;
}

let companyId: string | null = null;

/** The company every request acts in (issue 9: teams), sent as `x-company-id`; null = the user's own. */
export function setApiCompany(id: string | null): void {
  companyId = id;
}

function buildInit({ method = 'GET', body, signal, headers }: ApiOptions): RequestInit {
  const init: RequestInit = {
    method,
    credentials: 'same-origin',
    signal,
    headers: { Accept: 'application/json', ...headers, ...(companyId ? { 'x-company-id': companyId } : {}) },
  };
  if (body instanceof FormData) {
    init.body = body;
  } else if (method !== 'GET') {
    // Writes always carry a JSON body: the server's CSRF check requires the JSON content type.
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body ?? {});
  }
  return init;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toApiError(status: number, data: unknown): ApiError {
  const err = (data as ErrorShape | undefined)?.error;
  const code = typeof err?.code === 'string' ? err.code : status >= 500 ? 'INTERNAL' : 'UNKNOWN';
  const message = typeof err?.message === 'string' ? err.message : `HTTP ${status}`;
  const details = Array.isArray(err?.details)
    ? (err.details as unknown[]).filter(
        (d): d is ApiErrorDetail =>
          typeof d === 'object' && d !== null && typeof (d as ApiErrorDetail).key === 'string',
      )
    : undefined;
  return new ApiError(code, message, status, details);
}

type ApiErrorListener = (error: ApiError) => void;
const errorListeners = new Set<ApiErrorListener>();

/** Told of every error the server answers (e.g. the app-wide read-only notice, issue 10); returns an unsubscribe. */
export function onApiError(listener: ApiErrorListener): () => void {
  errorListeners.add(listener);
  return () => {
    errorListeners.delete(listener);
  };
}

/** Calls the JSON API of this origin with the session cookie; throws ApiError on any failure. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(toUrl(path), buildInit(options));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError('NETWORK', 'Network error', 0);
  }
  const data = await readJson(res);
  if (!res.ok) {
    const error = toApiError(res.status, data);
    for (const listener of errorListeners) listener(error);
    throw error;
  }
  return data as T;
}
