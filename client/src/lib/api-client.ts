import type { QueryFunction } from '@tanstack/react-query';
import { getToken } from './storage';

/** A non-OK response. `message` is "<status>: <body text>" (spec section 7); `body` is the parsed JSON, if any. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  throw new ApiError(res.status, `${res.status}: ${text}`, body);
}

/**
 * GETs the page's first script started for the screen about to render (app/early-requests.ts),
 * while the app itself still downloads. The first call for the same URL, with the same token and
 * soon enough, takes the request instead of asking again; a later one always asks the server.
 */
const early = new Map<string, { response: Promise<Response>; token: string | null; at: number }>();
/** An early answer older than this is not handed out: a screen that slow to render asks afresh. */
const EARLY_TAKEN_WITHIN_MS = 15_000;

export function requestEarly(url: string): void {
  if (takeable(early.get(url))) return;
  const response = fetch(url, { headers: authHeaders(), credentials: 'include' });
  // Its failure is the taker's to report.
  response.catch(() => {});
  early.set(url, { response, token: getToken(), at: Date.now() });
}

/** Asked for with the session now stored, and recently enough. */
const takeable = (entry: { token: string | null; at: number } | undefined): boolean =>
  entry !== undefined && entry.token === getToken() && Date.now() - entry.at <= EARLY_TAKEN_WITHIN_MS;

function takeEarly(url: string): Promise<Response> | undefined {
  const entry = early.get(url);
  early.delete(url);
  return entry && takeable(entry) ? entry.response : undefined;
}

/**
 * Called with every answer whose body has just been read, before the body is handed to the caller
 * (so before a query puts it in the cache): TruckStreamProvider reads the truck lists'
 * Truck-Event-Id here (ADR 0139). Returns the function that stops observing.
 */
type AnswerObserver = (res: Response) => void;
const answerObservers = new Set<AnswerObserver>();
export function observeAnswers(observer: AnswerObserver): () => void {
  answerObservers.add(observer);
  return () => {
    answerObservers.delete(observer);
  };
}

function answered<T>(res: Response, body: T): T {
  for (const observer of answerObservers) observer(res);
  return body;
}

/** The common call of spec section 7: JSON content type only when a body exists, bearer token, cookies. */
export async function apiRequest(method: string, url: string, data?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const res = await ((method === 'GET' && takeEarly(url)) || fetch(url, {
    method,
    headers: { ...(data !== undefined ? { 'Content-Type': 'application/json' } : {}), ...authHeaders(), ...headers },
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  }));
  await throwIfResNotOk(res);
  return res;
}

/** A multipart POST (a file and its form fields; the browser sets the boundary), then its JSON body. */
export async function apiFormJson<T>(url: string, form: FormData): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: authHeaders(), body: form, credentials: 'include' });
  await throwIfResNotOk(res);
  return readJson<T>(Promise.resolve(res));
}

/** The JSON body of an apiRequest (or undefined for an empty body such as a 204). */
export async function readJson<T>(request: Promise<Response>): Promise<T> {
  const res = await request;
  const text = await res.text();
  return answered(res, (text ? JSON.parse(text) : undefined) as T);
}

/** apiRequest, then the JSON body (or undefined for an empty body such as a 204). Extra headers: an Idempotency-Key. */
export function apiJson<T>(method: string, url: string, data?: unknown, headers?: Record<string, string>): Promise<T> {
  return readJson<T>(apiRequest(method, url, data, headers));
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default data-loading call: GET the query key joined as a URL; optionally 401 → null. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const url = queryKey.join('/');
    const res = await (takeEarly(url) ?? fetch(url, { headers: authHeaders(), credentials: 'include', signal }));
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return answered(res, (await res.json()) as T);
  };
}

/** The server's message of a failed call, for toasts; otherwise the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const body = error.body;
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message) {
      return body.message;
    }
    return fallback;
  }
  return fallback;
}
