import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { S3Client } from '@aws-sdk/client-s3';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';

import { loadOnce } from '../common/load-once.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

export interface ByteRange {
  start: number;
  end: number;
}

interface StorageDriver {
  /** Moves a finished local file into storage under `key`. */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  size(key: string): Promise<number | undefined>;
  read(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
  close?(): void;
}

const KEY = /^[a-z]+\/[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

class LocalDiskDriver implements StorageDriver {
  constructor(private readonly root: string) {}

  private path(key: string): string {
    const full = normalize(join(this.root, checkKey(key)));
    if (!full.startsWith(normalize(this.root))) throw new Error('Key escapes the storage folder');
    return full;
  }

  async putFile(key: string, file: string): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    try {
      await rename(file, target);
    } catch {
      // Another file system: copy instead.
      await pipeline(createReadStream(file), createWriteStream(target));
      await rm(file, { force: true });
    }
  }

  async size(key: string): Promise<number | undefined> {
    return stat(this.path(key)).then(
      (s) => s.size,
      () => undefined,
    );
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    return createReadStream(this.path(key), range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}

/** The AWS SDK's S3 parts, loaded where S3 is configured (local disk does without them). */
const loadS3 = loadOnce(async () => {
  const [commands, { Upload }] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  return { ...commands, Upload };
});

class S3Driver implements StorageDriver {
  /** The client, made once the SDK has loaded (the load starts with the driver). */
  private readonly sdk: () => Promise<Awaited<ReturnType<typeof loadS3>> & { client: S3Client }>;
  private made: S3Client | undefined;
  private closed = false;

  constructor(private readonly settings: NonNullable<AppConfig['storage']['s3']>) {
    this.sdk = loadOnce(async () => {
      const s3 = await loadS3();
      this.made = new s3.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        ...(settings.accessKeyId && settings.secretAccessKey
          ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
          : {}),
      });
      // Closed while it loaded: closed as soon as it exists.
      if (this.closed) this.made.destroy();
      return { ...s3, client: this.made };
    });
    // Loaded ahead of the first file; a failure shows (and is retried) when one is stored or read.
    this.sdk().catch(() => undefined);
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    const { client, Upload } = await this.sdk();
    // Multipart upload from the spooled file: streamed, never read whole into memory.
    await new Upload({
      client,
      params: { Bucket: this.settings.bucket, Key: checkKey(key), Body: createReadStream(file), ContentType: contentType },
    }).done();
    await rm(file, { force: true });
  }

  async size(key: string): Promise<number | undefined> {
    const { client, HeadObjectCommand } = await this.sdk();
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key) }));
      return head.ContentLength;
    } catch {
      return undefined;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const { client, GetObjectCommand } = await this.sdk();
    const object = await client.send(
      new GetObjectCommand({
        Bucket: this.settings.bucket,
        Key: checkKey(key),
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    return object.Body as Readable;
  }

  async delete(key: string): Promise<void> {
    const { client, DeleteObjectCommand } = await this.sdk();
    await client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: checkKey(key) }));
  }

  close(): void {
    this.closed = true;
    this.made?.destroy();
  }
}

/**
 * Where uploaded files live: local disk under UPLOADS_DIR (one machine), or an S3-compatible bucket
 * (several instances). Keys are generated (`resources/{uuid}.pdf`); uploaded names are never used.
 */
@Injectable()
export class StorageService implements OnApplicationShutdown {
  private readonly driver: StorageDriver;
  /** Local folder for uploads being received and checked before they are stored. */
  readonly spoolDir: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.driver = config.storage.s3 ? new S3Driver(config.storage.s3) : new LocalDiskDriver(config.storage.localDir);
    this.spoolDir = join(config.storage.localDir, '.incoming');
  }

  putFile(key: string, file: string, contentType: string): Promise<void> {
    return this.driver.putFile(key, file, contentType);
  }

  async putBuffer(key: string, data: Buffer, contentType: string): Promise<void> {
    const file = await this.spoolFile();
    await pipeline(Readable.from(data), createWriteStream(file));
    await this.driver.putFile(key, file, contentType);
  }

  size(key: string): Promise<number | undefined> {
    return this.driver.size(key);
  }

  read(key: string, range?: ByteRange): Promise<Readable> {
    return this.driver.read(key, range);
  }

  delete(key: string): Promise<void> {
    return this.driver.delete(key);
  }

  /** A fresh path in the spool folder. */
  async spoolFile(): Promise<string> {
    await mkdir(this.spoolDir, { recursive: true });
    return join(this.spoolDir, `${randomUUID()}.part`);
  }

  onApplicationShutdown(): void {
    this.driver.close?.();
  }
}
