import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { loadConfig } from '../src/config/config.js';
import { StorageService } from '../src/storage/storage.service.js';

/** A minimal S3-compatible server (path-style PUT / GET with Range / HEAD / DELETE) for the real AWS SDK. */
function s3StandIn(): Promise<{ url: string; objects: Map<string, Buffer>; close: () => Promise<void> }> {
  const objects = new Map<string, Buffer>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const key = decodeURIComponent(new URL(req.url ?? '/', 'http://s3').pathname);
      if (req.method === 'PUT') {
        // The SDK may send aws-chunked bodies; this stand-in is used with small unsigned-payload files.
        objects.set(key, Buffer.concat(chunks));
        res.setHeader('ETag', '"etag"');
        return res.end();
      }
      const object = objects.get(key);
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.statusCode = 204;
        return res.end();
      }
      if (!object) {
        res.statusCode = 404;
        return res.end('<Error><Code>NoSuchKey</Code></Error>');
      }
      res.setHeader('Content-Type', 'application/octet-stream');
      if (req.method === 'HEAD') {
        res.setHeader('Content-Length', object.length);
        return res.end();
      }
      const range = /bytes=(\d+)-(\d+)/.exec(req.headers.range ?? '');
      if (range) {
        const [start, end] = [Number(range[1]), Number(range[2])];
        res.statusCode = 206;
        res.setHeader('Content-Range', `bytes ${start}-${end}/${object.length}`);
        return res.end(object.subarray(start, end + 1));
      }
      res.end(object);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        objects,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

describe('storage on S3-compatible object storage', () => {
  it('stores, reads (whole and a range), measures and deletes through the AWS SDK', async () => {
    const s3 = await s3StandIn();
    const dir = await mkdtemp(join(tmpdir(), 'carekeep-s3-'));
    const storage = new StorageService(
      loadConfig({
        UPLOADS_DIR: dir,
        S3_BUCKET: 'carekeep-files',
        S3_ENDPOINT: s3.url,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'test',
        S3_SECRET_ACCESS_KEY: 'test',
      }),
    );
    try {
      const key = 'resources/2b1e7f1c-9a7d-4f43-9a43-0f3b8b1f2c11.pdf';
      const spool = await storage.spoolFile();
      const data = Buffer.from('%PDF-1.4 0123456789');
      await writeFile(spool, data);
      await storage.putFile(key, spool, 'application/pdf');
      expect([...s3.objects.keys()]).toEqual([`/carekeep-files/${key}`]);
      await expect(readFile(spool)).rejects.toThrow();
      expect(await storage.size(key)).toBe(data.length);
      const whole = Buffer.concat(await (await storage.read(key)).toArray());
      expect(whole.toString()).toBe(data.toString());
      const part = Buffer.concat(await (await storage.read(key, { start: 9, end: 12 })).toArray());
      expect(part.toString()).toBe('0123');
      await storage.delete(key);
      expect(await storage.size(key)).toBeUndefined();
    } finally {
      storage.onApplicationShutdown();
      await s3.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
