import type { Response } from 'express';

import { contentDisposition } from '../common/content-disposition.js';
import type { ByteRange } from '../storage/storage.service.js';

/** The byte range a request asks for (one range only), 'invalid', or undefined for the whole file. */
export function requestedRange(header: string | undefined, size: number): ByteRange | 'invalid' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

/** Headers for a download answer (status 200 or 206). */
export function downloadHeaders(res: Response, info: { size: number; mimeType: string; filename: string; range?: ByteRange }) {
  res.set({
    'Content-Type': info.mimeType,
    'Content-Disposition': contentDisposition(info.filename),
    'X-Content-Type-Options': 'nosniff',
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'private, no-cache',
  });
  if (info.range) {
    res.status(206).set({
      'Content-Range': `bytes ${info.range.start}-${info.range.end}/${info.size}`,
      'Content-Length': String(info.range.end - info.range.start + 1),
    });
  } else {
    res.status(200).set('Content-Length', String(info.size));
  }
}
