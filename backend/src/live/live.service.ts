import { EntityManager } from '@mikro-orm/postgresql';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  ServiceUnavailableException,
} from '@nestjs/common';
import type { Response } from 'express';
import pg from 'pg';

import type { RequestMember } from '../auth/access.decorators.js';
import { DATABASE_URL } from '../database/database.tokens.js';
import { TooManyLiveStreamsException } from './live.exceptions.js';
import { LiveRepository } from './live.repository.js';
import { LIVE_CHANNEL, type LiveEvent } from './live-event.js';

/** A comment line this often keeps proxies (nginx's read timeout) and the browser from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/**
 * A stream ends after this long and the browser opens it again through the access guard, so a
 * member removed or signed out stops hearing of the agency within it.
 */
const STREAM_MS = 5 * 60_000;
/** Streams one member may hold open at once (tabs and windows). */
export const STREAMS_PER_MEMBER = 10;
/** How long the browser waits before opening a stream again. */
const RETRY_MS = 3_000;
const RECONNECT_MAX_MS = 30_000;

interface Stream {
  agencyId: string;
  memberId: string;
  /** Only events about the clients assigned to this member; null: the whole agency's. */
  assignedTo: string | null;
  res: Response;
  timers: NodeJS.Timeout[];
}

/**
 * Live updates for the broker app (server-sent events at `GET /api/live`). Every instance listens on
 * one PostgreSQL channel; whichever instance a change is made on notifies it, and each instance
 * writes the event to the streams it holds of the agency, kept to the member's book. Behind the
 * nginx cluster a browser's stream may be on any instance.
 */
@Injectable()
export class LiveService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Live');
  private readonly streams = new Set<Stream>();
  private listener?: pg.Client;
  private closing = false;
  private reconnectMs = 1_000;

  constructor(
    @Inject(DATABASE_URL) private readonly databaseUrl: string,
    private readonly repository: LiveRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.listen();
  }

  /** Tells the agency's open apps that something of this topic changed; within `em`'s transaction when given. */
  publish(event: LiveEvent, em?: EntityManager): Promise<void> {
    return this.repository.notify(em, event);
  }

  /** Opens a member's stream on the response; it ends on its own after a while, or when the browser leaves. */
  open(member: RequestMember, res: Response): void {
    if (this.closing) throw new ServiceUnavailableException('This server is stopping: try again in a moment');
    let held = 0;
    for (const stream of this.streams) if (stream.memberId === member.id) held++;
    if (held >= STREAMS_PER_MEMBER) throw new TooManyLiveStreamsException(STREAMS_PER_MEMBER);
    const stream: Stream = { agencyId: member.book.agencyId, memberId: member.id, assignedTo: member.book.assignedTo, res, timers: [] };
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      // nginx passes the stream through as it is written.
      'X-Accel-Buffering': 'no',
    });
    res.write(`retry: ${RETRY_MS}\nevent: ready\ndata: {}\n\n`);
    stream.timers.push(
      setInterval(() => res.write(': still here\n\n'), HEARTBEAT_MS).unref(),
      setTimeout(() => this.end(stream), STREAM_MS).unref(),
    );
    this.streams.add(stream);
    res.once('close', () => this.end(stream));
  }

  /** Ends every stream and takes no more (shutdown: the browsers open theirs on another instance). */
  close(): void {
    this.closing = true;
    for (const stream of [...this.streams]) this.end(stream);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.close();
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
  }

  get openStreams(): number {
    return this.streams.size;
  }

  private end(stream: Stream): void {
    if (!this.streams.delete(stream)) return;
    for (const timer of stream.timers) clearTimeout(timer);
    stream.res.end();
  }

  private deliver(payload: string | undefined): void {
    let event: LiveEvent;
    try {
      event = JSON.parse(payload ?? '') as LiveEvent;
    } catch {
      return;
    }
    const data = JSON.stringify({ clientId: event.clientId ?? null, id: event.id ?? null });
    for (const stream of this.streams) {
      if (stream.agencyId !== event.agencyId) continue;
      if (stream.assignedTo && stream.assignedTo !== event.assignedTo) continue;
      stream.res.write(`event: ${event.topic}\ndata: ${data}\n\n`);
    }
  }

  /** Tells every stream to fetch everything again: events may have been missed while the channel was down. */
  private resetAll(): void {
    for (const stream of this.streams) stream.res.write('event: reset\ndata: {}\n\n');
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'carekeep-live' });
    client.on('notification', (message) => {
      if (message.channel === LIVE_CHANNEL) this.deliver(message.payload);
    });
    client.on('error', (error) => {
      this.logger.warn(`Live updates' connection lost: ${error.message}`);
      void this.reconnect(client);
    });
    client.on('end', () => void this.reconnect(client));
    await client.connect();
    await client.query(`listen ${LIVE_CHANNEL}`);
    this.listener = client;
    this.reconnectMs = 1_000;
  }

  /** After the listening connection is lost: listens again with a growing pause, then tells the streams to refetch. */
  private async reconnect(lost: pg.Client): Promise<void> {
    if (this.closing || this.listener !== lost) return;
    this.listener = undefined;
    lost.removeAllListeners('end');
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, this.reconnectMs).unref());
      this.reconnectMs = Math.min(this.reconnectMs * 2, RECONNECT_MAX_MS);
      if (this.closing) return;
      try {
        await this.listen();
        this.resetAll();
        this.logger.log('Live updates listening again');
        return;
      } catch (error) {
        this.logger.warn(`Live updates could not listen again: ${(error as Error).message}`);
      }
    }
  }
}
