/**
 * The app's one way to talk to the API, for the broker app (react-admin's httpClient is an adapter
 * over `send`) and the client portal alike. Every request sends the session cookie; a non-success
 * answer becomes an ApiError whose message is "{status}: {body}" (or the status text when the body
 * is empty), which is what the screens show and test against, and whose body is the parsed JSON.
 */
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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The one error parser: the ApiError for a non-success answer (body: its JSON, else its text). */
export function apiError(status: number, statusText: string, text: string): ApiError {
  const shown = text || statusText;
  return new ApiError(status, `${status}: ${shown}`, parseJson(shown) ?? shown);
}

/** The server's answer to a successful request (react-admin's fetchJson shape). */
export interface ApiResponse {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
}

let requestLanguage: string | undefined;

/** The language the app is shown in: requests ask for answers (error messages) in it. */
export function setRequestLanguage(language: string | undefined): void {
  requestLanguage = language;
}

/**
 * Performs a request: sends the session cookie, asks for JSON (in the app's language), and gives a body a JSON content type
 * (a FormData body keeps the browser's multipart one). Throws an ApiError for a non-success answer.
 */
export async function send(url: string, init: RequestInit = {}): Promise<ApiResponse> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  if (requestLanguage && !headers.has('Accept-Language')) headers.set('Accept-Language', requestLanguage);
  if (init.body != null && !(init.body instanceof FormData) && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  const response = await fetch(url, { ...init, headers, credentials: 'include' });
  const text = await response.text();
  if (!response.ok) throw apiError(response.status, response.statusText, text);
  return { status: response.status, headers: response.headers, body: text, json: text ? parseJson(text) : undefined };
}

/**
 * The server's human message in an error's JSON body, when it sent one. Works for ApiError and for
 * react-admin's HttpError, which both carry the parsed body. Validation errors may send a list.
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof Error) || !('body' in error)) return undefined;
  const body = error.body as { message?: unknown } | undefined;
  if (typeof body?.message === 'string') return body.message;
  if (Array.isArray(body?.message) && body.message.every((m) => typeof m === 'string')) return body.message.join('. ');
  return undefined;
}

/** A field of an error's JSON body (e.g. limitReached, trialExpired), when it has one. */
export function errorBodyField(error: unknown, field: string): unknown {
  if (!(error instanceof Error) || !('body' in error)) return undefined;
  const body = error.body as Record<string, unknown> | undefined;
  return body && typeof body === 'object' ? body[field] : undefined;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
}

/** A JSON call: the body (if any) sent as JSON; answers the parsed JSON (or null when empty). */
export async function apiRequest<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const { json } = await send(url, {
    method: options.method ?? 'GET',
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return (json ?? null) as T;
}

/** The public page a suspended broker is shown (the server's sign-in ends there too). */
export const SUSPENDED_PAGE = '/account-suspended';

/** Whether an error is the server saying a platform admin suspended the signed-in broker's account. */
export function isAccountSuspended(error: unknown): boolean {
  return errorBodyField(error, 'accountSuspended') === true;
}

/** A read where 401 means "nobody is signed in" rather than an error (unless `unless` says it means more). */
export async function getOrNullOn401<T>(url: string, { unless }: { unless?: (error: ApiError) => boolean } = {}): Promise<T | null> {
  try {
    return await apiRequest<T>(url);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && !unless?.(error)) return null;
    throw error;
  }
}

/** Whether a read succeeds; any failure, the network's included, counts as no. */
export async function answersOk(url: string): Promise<boolean> {
  try {
    await send(url);
    return true;
  } catch {
    return false;
  }
}

/**
 * Sends a multipart form with upload progress (fetch cannot report it, so this one request uses
 * XMLHttpRequest). onProgress gets 0–100. Answers the parsed JSON; errors are `apiError`'s.
 */
export function uploadWithProgress<T>(
  url: string,
  form: FormData,
  onProgress: (percent: number) => void,
  method: 'POST' | 'PUT' = 'POST',
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const text = xhr.responseText;
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(((text ? parseJson(text) : undefined) ?? null) as T);
        return;
      }
      reject(apiError(xhr.status, xhr.statusText, text));
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.send(form);
  });
}
