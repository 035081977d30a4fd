/**
 * The app's one way to talk to the API. Every request sends the session cookie; a non-success
 * answer becomes an ApiError whose message is "{status}: {body}" (or the status text when the
 * body is empty), which is what the screens show and test against.
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

/** Throws an ApiError for a non-success response. */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: keep the text.
  }
  throw new ApiError(response.status, `${response.status}: ${text}`, body);
}

/** True for the error of a 401 answer, which means the session is gone. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
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

/** Sends a request; JSON content type only when there is a body. Answers the parsed JSON (or null). */
export async function apiRequest<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const hasBody = options.body !== undefined;
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers: hasBody ? { 'Content-Type': 'application/json' } : undefined,
    body: hasBody ? JSON.stringify(options.body) : undefined,
  });
  await throwIfNotOk(response);
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** A read where 401 means "nobody is signed in" rather than an error. */
export async function getOrNullOn401<T>(url: string): Promise<T | null> {
  const response = await fetch(url, { credentials: 'include' });
  if (response.status === 401) return null;
  await throwIfNotOk(response);
  return (await response.json()) as T;
}

/**
 * Sends a multipart form with upload progress (fetch cannot report it). onProgress gets 0–100.
 * Answers the parsed JSON, or throws an ApiError shaped like apiRequest's.
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
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const text = xhr.responseText;
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve((text ? JSON.parse(text) : null) as T);
        return;
      }
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: keep the text.
      }
      reject(new ApiError(xhr.status, `${xhr.status}: ${text || xhr.statusText}`, body));
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.send(form);
  });
}
