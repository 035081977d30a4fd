import { HttpError } from 'react-admin';

export interface HttpResponse {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
}

/**
 * react-admin's HTTP client for the /api endpoints. Every request carries the session cookie; a
 * body gets a JSON content type (multipart bodies keep the browser's). A non-success answer
 * becomes an HttpError whose message is "{status}: {body}" (or the status text when the body is
 * empty) and whose body is the parsed JSON, so screens can read the server's message and flags.
 */
export async function httpClient(url: string, options: RequestInit = {}): Promise<HttpResponse> {
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  if (options.body !== undefined && !(options.body instanceof FormData) && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  const response = await fetch(url, { ...options, headers, credentials: 'include' });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    throw new HttpError(`${response.status}: ${text || response.statusText}`, response.status, json ?? text);
  }
  return { status: response.status, headers: response.headers, body: text, json };
}

/** A JSON call answering the parsed body. */
export async function callJson<T>(url: string, method = 'GET', body?: unknown): Promise<T> {
  const { json } = await httpClient(url, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return json as T;
}
