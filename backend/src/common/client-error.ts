import type { Duplex } from 'node:stream';

/** What Node's HTTP parser refuses before any route sees the request, in the API's words. */
const ANSWERS: Record<string, [status: number, reason: string, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request line or its headers are too long: at most 16 KB'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive'],
};
const CANNOT_READ: [number, string, string] = [400, 'Bad Request', 'The request could not be read'];

/**
 * Answers a request Node could not parse (a request line or headers over its 16 KB limit, a
 * malformed request, one too slow to arrive) with the API's error shape, `{ statusCode, message }`,
 * instead of Node's bare status line. A connection already gone is closed without an answer.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, message] = ANSWERS[error.code ?? ''] ?? CANNOT_READ;
  const body = JSON.stringify({ statusCode: status, message });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
