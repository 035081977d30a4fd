import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { RiskLevel } from './client.entity.js';

export interface RiskScoreUpdate {
  id: string;
  score: number;
  level: RiskLevel;
  reasons: string[];
}

/**
 * The only writer of the clients' at-risk columns (`risk_score`, `risk_level`, `risk_reasons`,
 * `risk_since`). `risk_since` is when a client became high (kept while they stay high), null
 * otherwise: the weekly digest's "newly at risk".
 */
@Injectable()
export class RiskScoresRepository {
  constructor(private readonly em: EntityManager) {}

  /** Stores the scores in one statement; a client whose columns would not change is not written. Answers how many changed. */
  async save(updates: RiskScoreUpdate[], now: Date): Promise<number> {
    if (updates.length === 0) return 0;
    const rows = await this.em.execute<{ id: string }[]>(
      `update clients c
          set risk_score = u.score, risk_level = u.level, risk_reasons = u.reasons,
              risk_since = case when u.level = 'high' then coalesce(c.risk_since, ?::timestamptz) end
         from json_to_recordset(?::json) as u(id uuid, score int, level text, reasons jsonb)
        where c.id = u.id
          and (c.risk_score <> u.score or c.risk_level <> u.level or c.risk_reasons <> u.reasons
               or (u.level = 'high') <> (c.risk_since is not null))
       returning c.id`,
      [now, JSON.stringify(updates)],
    );
    return rows.length;
  }
}
