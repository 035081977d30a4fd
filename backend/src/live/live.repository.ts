import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import { LIVE_CHANNEL, type LiveEvent, type LiveTopic } from './live-event.js';

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

  /** One event for each agency with a client on this phone number, with the client and whom they are assigned to. */
  async notifyClientsOfPhone(em: EntityManager | undefined, topic: LiveTopic, phone: string): Promise<void> {
    await (em ?? this.em).execute(
      `select pg_notify(?, json_build_object('agencyId', c.broker_id, 'topic', ?::text, 'clientId', c.id,
                                              'assignedTo', c.assigned_member_id)::text)
         from clients c where c.phone = ?`,
      [LIVE_CHANNEL, topic, phone],
      'run',
    );
  }
}
