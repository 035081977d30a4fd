import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import busboy from 'busboy';
import type { Request } from 'express';

import { textProblem } from './input-safety.js';

/** A multipart parser for the request; a content type without its boundary is the sender's mistake (400). */
function parserFor(req: Request, limits: busboy.Limits): busboy.Busboy {
  try {
    return busboy({ headers: req.headers, defParamCharset: 'utf8', limits });
  } catch (error) {
    throw new BadRequestException(`The upload could not be read: ${(error as Error).message}`);
  }
}

export interface IncomingFile {
  stream: Readable;
  filename: string;
  mimeType: string;
}

/**
 * Hands over the named file of a multipart request as a stream, without buffering it. A file over
 * `maxBytes` makes the stream fail with 413 when it passes the limit. Other fields are ignored.
 */
export function receiveFile(req: Request, field: string, maxBytes: number): Promise<IncomingFile> {
  if (!req.is('multipart/form-data')) {
    return Promise.reject(new BadRequestException(`Send the file as multipart/form-data in the "${field}" field`));
  }
  return new Promise((resolve, reject) => {
    let found = false;
    // A throw here (a bad content type) rejects the promise with it.
    const parser = parserFor(req, { fileSize: maxBytes, files: 1 });
    parser.on('file', (name, stream, info) => {
      if (name !== field || found) {
        stream.resume();
        return;
      }
      found = true;
      const problem = textProblem(info.filename ?? '');
      if (problem) {
        stream.resume();
        reject(new BadRequestException({ message: `The file name ${problem}`, field }));
        return;
      }
      stream.on('limit', () => {
        stream.destroy(new PayloadTooLargeException(`The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`));
        req.unpipe(parser);
        req.resume();
      });
      resolve({ stream, filename: info.filename ?? '', mimeType: info.mimeType });
    });
    parser.on('error', (error: Error) => reject(new BadRequestException(`The upload could not be read: ${error.message}`)));
    parser.on('close', () => {
      if (!found) reject(new BadRequestException(`No file uploaded: send it in the "${field}" field`));
    });
    req.pipe(parser);
  });
}

export interface SpooledUpload {
  /** The uploaded file, written to a local spool file (absent when none was sent). */
  file?: { path: string; size: number; filename: string };
  fields: Record<string, string>;
}

/**
 * Receives a whole multipart request: the named file is streamed to `spoolPath` (never held in
 * memory; over `maxBytes` → 413 and the partial file is removed) and the text fields are collected.
 */
export function receiveUpload(req: Request, field: string, maxBytes: number, spoolPath: string): Promise<SpooledUpload> {
  if (!req.is('multipart/form-data')) {
    return Promise.reject(new BadRequestException(`Send the upload as multipart/form-data with the file in "${field}"`));
  }
  return new Promise((resolve, reject) => {
    const parser = parserFor(req, { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 10_000 });
    const fields: Record<string, string> = {};
    let file: SpooledUpload['file'];
    let writing: Promise<void> | undefined;
    let failed: Error | undefined;
    parser.on('field', (name, value) => {
      // The JSON and query checks (safeInput) cannot see inside a multipart body.
      const problem = textProblem(name) ?? textProblem(value);
      if (problem) failed ??= new BadRequestException({ message: `${name} ${problem}`, field: name });
      fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== field || writing) {
        stream.resume();
        return;
      }
      const problem = textProblem(info.filename ?? '');
      if (problem) failed ??= new BadRequestException({ message: `The file name ${problem}`, field: name });
      let size = 0;
      stream.on('data', (chunk: Buffer) => (size += chunk.length));
      stream.on('limit', () => {
        failed = new PayloadTooLargeException(`The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
      });
      writing = pipeline(stream, createWriteStream(spoolPath)).then(() => {
        file = { path: spoolPath, size, filename: info.filename ?? '' };
      });
    });
    parser.on('error', (error: Error) => reject(new BadRequestException(`The upload could not be read: ${error.message}`)));
    parser.on('close', () => {
      void (async () => {
        try {
          await writing;
        } catch (error) {
          failed ??= error as Error;
        }
        if (failed) {
          await rm(spoolPath, { force: true });
          reject(failed);
          return;
        }
        resolve({ file, fields });
      })();
    });
    req.pipe(parser);
  });
}
