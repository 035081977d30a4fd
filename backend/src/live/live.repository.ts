import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import { LIVE_CHANNEL, type LiveEvent } from './live-event.js';

/**
 * The live events' notifications (`pg_notify` on one channel). Sent in the caller's transaction
 * when it has one, PostgreSQL delivers them to every listening instance only when it commits.
 */
@Injectable()
export class LiveRepository {
  constructor(private readonly em: EntityManager) {}

  async notify(em: EntityManager | undefined, event: LiveEvent): Promise<void> {
    await (em ?? this.em).execute(`select pg_notify(?, ?)`, [LIVE_CHANNEL, JSON.stringify(event)], 'run');
  }
}
