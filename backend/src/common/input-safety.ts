import { BadRequestException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/**
 * How deeply a request's JSON (body, or JSON carried in a query parameter) may nest. The API's
 * deepest input is two levels (an object holding an array); class-transformer recurses once per
 * level and overflows the stack a few thousand levels down, which would be a 500.
 */
export const MAX_INPUT_DEPTH = 10;

// PostgreSQL cannot store NUL in text, and an unpaired UTF-16 surrogate has no UTF-8 form (it would
// be stored as U+FFFD, silently changing the text).
const NUL = '\u0000';
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why this text may not be stored, or undefined when it may. */
export function textProblem(text: string): string | undefined {
  if (text.includes(NUL)) return 'contains a NUL character, which is not allowed';
  if (LONE_SURROGATE.test(text)) return 'contains invalid text (an unpaired UTF-16 surrogate)';
  return undefined;
}

function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path ? `${path}.${key}` : key;
}

/**
 * Refuses (400) input that no field can take: nesting deeper than MAX_INPUT_DEPTH, and text (values
 * or keys) with NUL or unpaired surrogates. `name` names the whole input in messages ("filter",
 * "query parameter"); fields are named by their path within it ("filter.q", "recurrenceDays[2]").
 * Iterative, so that a deeply nested value cannot overflow the stack here either.
 */
export function assertSafeInput(input: unknown, name = ''): void {
  // `field`: the top-level field a value sits in, which names a value nested too deeply.
  const pending: { value: unknown; path: string; field: string; depth: number }[] = [{ value: input, path: name, field: name, depth: 0 }];
  while (pending.length > 0) {
    const { value, path, field, depth } = pending.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) throw new BadRequestException({ message: `${path || 'The request'} ${problem}`, field: path || undefined });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) {
      throw new BadRequestException(`${field || 'The request'} is nested too deeply (more than ${MAX_INPUT_DEPTH} levels)`);
    }
    const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, i) => [i, item]) : Object.entries(value);
    for (const [key, item] of entries) {
      const itemPath = join(path, key);
      if (typeof key === 'string') {
        const problem = textProblem(key);
        if (problem) throw new BadRequestException(`A field name in ${path || 'the request'} ${problem}`);
      }
      pending.push({ value: item, path: itemPath, field: depth === 0 ? itemPath : field, depth: depth + 1 });
    }
  }
}

/** The path's segments, decoded as the router will decode them; 400 when one cannot be. */
export function checkPath(url: string): void {
  const path = url.split('?')[0] ?? '';
  for (const segment of path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw new BadRequestException('The address contains an invalid percent-encoded character');
    }
    const problem = textProblem(decoded);
    if (problem) throw new BadRequestException(`The address ${problem}`);
  }
}

/**
 * Express middleware for the API, after the body parsers: checks the path, the query string and
 * the parsed body with assertSafeInput, so that every route refuses such input the same way, before
 * any guard, pipe or handler sees it.
 */
export function safeInput(req: Request, _res: Response, next: NextFunction): void {
  try {
    checkPath(req.originalUrl);
    assertSafeInput(req.query, '');
    assertSafeInput(req.body, '');
    next();
  } catch (error) {
    next(error);
  }
}
