import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { SortOrder } from '../common/list-query.js';
import { logPage, type LogQuery, newestLogBatch, type PageRow } from '../database/log-pages.js';
import type { MemberRole } from '../members/roles.js';

export type AgencyLogSortField = 'createdAt' | 'action';

const SORT_COLUMNS: Record<AgencyLogSortField, string> = { createdAt: 'created_at', action: 'action' };

/** What one agency's log is narrowed to; every condition is optional. */
export interface AgencyLogFilter {
  /** Only these entries (react-admin's getMany). */
  ids?: string[];
  memberId?: string;
  action?: string;
  /** From this instant (inclusive) to `until` (exclusive). */
  from?: Date;
  until?: Date;
}

export interface AgencyEventRow {
  id: string;
  /** As the driver reads timestamptz in raw queries: text, or a Date. */
  created_at: Date | string;
  action: string;
  target_type: string;
  target_id: string | null;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
  member_id: string;
  member_first_name: string | null;
  member_last_name: string | null;
  member_email: string | null;
  member_role: MemberRole;
  member_removed_at: Date | string | null;
  via_token_id: string | null;
  token_name: string | null;
}

/** The entries (`e`) with the member who acted (`m`) and the token it came through (`tk`). */
const FROM = `agency_events e join members m on m.id = e.member_id left join api_tokens tk on tk.id = e.via_token_id`;

const COLUMNS = `e.id, e.created_at, e.action, e.target_type, e.target_id, e.summary, e.before, e.after, e.ip,
  e.member_id, m.first_name as member_first_name, m.last_name as member_last_name, m.email as member_email,
  m.role as member_role, m.removed_at as member_removed_at, e.via_token_id, tk.name as token_name`;

/** One agency's entries under the filter: the agency is always the first condition. */
function logQuery(agencyId: string, filter: AgencyLogFilter): LogQuery {
  const where: string[] = ['e.agency_id = ?'];
  const params: unknown[] = [agencyId];
  if (filter.ids) {
    where.push(filter.ids.length ? 'e.id = any(?::uuid[])' : 'false');
    if (filter.ids.length) params.push(`{${filter.ids.join(',')}}`);
  }
  const conditions: [string, unknown][] = [
    ['e.member_id = ?', filter.memberId],
    ['e.action = ?', filter.action],
    ['e.created_at >= ?', filter.from],
    ['e.created_at < ?', filter.until],
  ];
  for (const [condition, value] of conditions) {
    if (value === undefined) continue;
    where.push(condition);
    params.push(value);
  }
  return { table: 'agency_events', alias: 'e', from: FROM, columns: COLUMNS, where: where.join(' and '), params };
}

/**
 * The SQL on `agency_events`, the agency log's append-only table (a database trigger refuses UPDATE,
 * and DELETE while the agency exists): one agency's pages and its export in batches. `members` and
 * `api_tokens` are only read, for names.
 */
@Injectable()
export class AgencyLogRepository {
  constructor(private readonly em: EntityManager) {}

  /** One page of the agency's log and the total, in one statement. */
  listPage(
    agencyId: string,
    filter: AgencyLogFilter,
    sort: { field: AgencyLogSortField; order: SortOrder },
    range?: { start: number; end: number },
  ): Promise<PageRow<AgencyEventRow>[]> {
    return logPage<AgencyEventRow>(this.em, logQuery(agencyId, filter), { column: SORT_COLUMNS[sort.field], order: sort.order }, range);
  }

  /** The next `limit` entries newest first after the entry `afterId` (see newestLogBatch). */
  newestBatch(agencyId: string, filter: AgencyLogFilter, limit: number, afterId?: string): Promise<AgencyEventRow[]> {
    return newestLogBatch<AgencyEventRow>(this.em, logQuery(agencyId, filter), limit, afterId);
  }
}
