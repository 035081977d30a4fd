import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import busboy from 'busboy';
import type { Request } from 'express';
import type { Readable } from 'node:stream';

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
    const parser = busboy({ headers: req.headers, limits: { fileSize: maxBytes, files: 1 } });
    parser.on('file', (name, stream, info) => {
      if (name !== field || found) {
        stream.resume();
        return;
      }
      found = true;
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
