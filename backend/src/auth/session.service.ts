import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import connectPgSimple from 'connect-pg-simple';
import type { RequestHandler } from 'express';
import session from 'express-session';
import pg from 'pg';

import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DATABASE_URL } from '../database/database.tokens.js';
import { sessionOptions } from './session.js';

const PgStore = connectPgSimple(session);
const PRUNE_INTERVAL_SECONDS = 15 * 60;

/** Server-side sessions in PostgreSQL (table `session`), shared by every app instance. */
@Injectable()
export class SessionService implements OnApplicationShutdown {
  private readonly logger = new Logger('Sessions');
  private readonly pool: pg.Pool;
  private readonly store: InstanceType<typeof PgStore>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE_URL) databaseUrl: string,
  ) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    // An idle connection the server closes (a restart, a failover, an administrator) is reported
    // here; without a listener it would crash the process. The pool opens a new one when needed.
    this.pool.on('error', (error) => this.logger.warn(`PostgreSQL session connection lost: ${error.message}`));
    this.store = new PgStore({
      pool: this.pool,
      tableName: 'session',
      createTableIfMissing: false,
      // No expiry rewrite on every request: sessionLifetime changes lastSeenAt at most once a
      // minute, and that change saves the session with a fresh expiry. Reads stay read-only.
      disableTouch: true,
      pruneSessionInterval: config.nodeEnv === 'test' ? false : PRUNE_INTERVAL_SECONDS,
    });
  }

  middleware(secret: string): RequestHandler {
    return session(sessionOptions(this.config, secret, this.store));
  }

  /**
   * Signs a client out everywhere (a new password): every stored session of the account ends.
   * Answers how many there were.
   */
  async endClientSessions(accountId: string): Promise<number> {
    const result = await this.pool.query(
      `delete from "session" where sess->'auth'->>'kind' = 'client' and sess->'auth'->>'accountId' = $1`,
      [accountId],
    );
    return result.rowCount ?? 0;
  }

  async onApplicationShutdown(): Promise<void> {
    this.store.close();
    await this.pool.end();
  }
}
