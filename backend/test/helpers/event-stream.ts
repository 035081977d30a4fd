import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';

import type request from 'supertest';

import { REPO_ROOT } from '../../src/config/config.js';

type Responses = Record<string, { content?: Record<string, unknown> }>;
const contract = JSON.parse(readFileSync(join(REPO_ROOT, 'openapi.json'), 'utf8')) as {
  paths: Record<string, Record<string, { responses?: Responses }>>;
};

/** The contract's paths whose answer is a stream of server-sent events (it never ends on its own). */
export const EVENT_STREAM_PATHS: ReadonlySet<string> = new Set(
  Object.entries(contract.paths)
    .filter(([, methods]) => Object.values(methods).some((operation) => operation.responses?.['200']?.content?.['text/event-stream']))
    .map(([path]) => path),
);

type Parser = (res: request.Response, done: (error: Error | null, body: unknown) => void) => void;

/**
 * A supertest parser for a route that may answer a stream: a stream is read up to its first event
 * (its text is the body) and closed; any other answer is read whole (JSON parsed, else its text).
 */
export const untilFirstEvent = ((res: IncomingMessage, done: (error: Error | null, body: unknown) => void) => {
  let text = '';
  res.setEncoding('utf8');
  const stream = res.headers['content-type']?.startsWith('text/event-stream');
  res.on('data', (chunk: string) => {
    text += chunk;
    if (stream && text.includes('\n\n')) {
      res.destroy();
      done(null, text);
    }
  });
  res.once('end', () => {
    if (stream) return;
    try {
      done(null, res.headers['content-type']?.includes('json') && text ? JSON.parse(text) : text);
    } catch {
      done(null, text);
    }
  });
}) as unknown as Parser;
