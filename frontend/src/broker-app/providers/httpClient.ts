import { HttpError } from 'react-admin';

import { ApiError, type ApiResponse, send } from '../../lib/http.ts';

/**
 * react-admin's HTTP client for the /api endpoints: the app's one request (lib/http.ts `send`),
 * with its ApiError re-thrown as react-admin's HttpError (same "{status}: {body}" message, status
 * and parsed body), so react-admin's checkError sees the status and screens read the server's
 * message and flags the same way everywhere.
 */
export async function httpClient(url: string, options: RequestInit = {}): Promise<ApiResponse> {
  try {
    return await send(url, options);
  } catch (error) {
    throw error instanceof ApiError ? new HttpError(error.message, error.status, error.body) : error;
  }
}

/** A JSON call answering the parsed body. */
export async function callJson<T>(url: string, method = 'GET', body?: unknown): Promise<T> {
  const { json } = await httpClient(url, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return json as T;
}
