import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { Language } from '../common/language.js';
import { hotReadRows } from '../database/hot-reads.js';
import type { MemberRole } from '../members/roles.js';

/** A `users` row as the database returns it (the access guard maps it to a User only when asked). */
export type UserRow = Record<string, unknown> & { id: string; is_admin: boolean };

/** The member a request acts as: the `member$` columns are null when there is none (removed). */
export type AgencyRow = UserRow & {
  member$id: string | null;
  member$role: MemberRole | null;
  member$first_name: string | null;
  member$last_name: string | null;
  member$email: string | null;
  member$language: Language | null;
};

/** The SQL of sign-in and access: the signed-in broker's row, and the failed sign-in counters. */
@Injectable()
export class AuthRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * One plain statement per broker request: the agency's row with the member the request acts as —
   * the session's or token's member, or the agency's first owner for a session from before members —
   * unless that member was removed.
   */
  async agencyRow(agencyId: string, memberId: string | undefined): Promise<AgencyRow | undefined> {
    const [row] = await hotReadRows<AgencyRow>(
      this.em,
      `select u.*, m.id as "member$id", m.role as "member$role", m.first_name as "member$first_name",
              m.last_name as "member$last_name", m.email as "member$email", m.language as "member$language"
         from users u left join lateral (
         select id, role, first_name, last_name, email, language from members where agency_id = u.id and removed_at is null and ${memberId ? 'id = ?' : `role = 'owner'`}
         order by created_at limit 1) m on true
       where u.id = ? limit 1`,
      memberId ? [memberId, agencyId] : [agencyId],
    );
    return row;
  }

  /** Counts a failure atomically, starting a new window when the one that began after `windowStart` ended. */
  async countFailure(key: string, now: Date, windowStart: Date): Promise<void> {
    await this.em.execute(
      `insert into login_throttles (key, failures, window_started_at) values (?, 1, ?)
       on conflict (key) do update set
         failures = case when login_throttles.window_started_at <= ? then 1 else login_throttles.failures + 1 end,
         window_started_at = case when login_throttles.window_started_at <= ? then excluded.window_started_at
                                  else login_throttles.window_started_at end`,
      [key, now, windowStart, windowStart],
    );
  }

  /** Forgets counters whose window began before `before`. */
  async forgetFailuresBefore(before: Date): Promise<void> {
    await this.em.execute('delete from login_throttles where window_started_at < ?', [before]);
  }
}
