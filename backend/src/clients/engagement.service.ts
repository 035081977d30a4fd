import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { NO_SIGNALS, engagementScore } from './engagement.js';

/**
 * Keeps clients' engagement scores current: called when a signal changes (registration, portal
 * sign-in; reminders and campaigns as they arrive). Reads the signals in one query per client.
 */
@Injectable()
export class EngagementService {
  constructor(private readonly em: EntityManager) {}

  async recompute(clientId: string): Promise<number> {
    const [row] = await this.em.execute<{ registered: boolean; recent: boolean }[]>(
      `select exists (select 1 from client_accounts a where a.client_id = c.id) as registered,
              exists (select 1 from client_accounts a where a.client_id = c.id and a.last_sign_in_at > now() - interval '30 days') as recent
         from clients c where c.id = ?`,
      [clientId],
    );
    if (!row) return 0;
    const score = engagementScore({ ...NO_SIGNALS, registered: row.registered, signedInLast30Days: row.recent });
    await this.em.execute('update clients set engagement_score = ? where id = ?', [score, clientId]);
    return score;
  }
}
