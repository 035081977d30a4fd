import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import { escapeLike } from '../common/like.js';
import type { SortOrder } from '../common/list-query.js';
import { logPage, type LogQuery, newestLogBatch, type PageRow } from '../database/log-pages.js';

export type AuditSortField = 'createdAt' | 'action';

const AUDIT_SORT_COLUMNS: Record<AuditSortField, string> = { createdAt: 'created_at', action: 'action' };

/** What the log is narrowed to; every condition is optional. */
export interface AuditFilter {
  /** Only these entries (react-admin's getMany). */
  ids?: string[];
  adminId?: string;
  brokerId?: string;
  action?: string;
  /** From this instant (inclusive) to `until` (exclusive). */
  from?: Date;
  until?: Date;
  /** Words to find in the notes, the action, and the admin's and the broker's names and e-mails. */
  search?: string;
}

export interface AuditRow {
  id: string;
  /** As the driver reads timestamptz in raw queries: text, or a Date. */
  created_at: Date | string;
  action: string;
  target_type: string;
  target_id: string | null;
  notes: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  admin_id: string;
  admin_first_name: string | null;
  admin_last_name: string | null;
  admin_email: string | null;
  broker_id: string | null;
  broker_first_name: string | null;
  broker_last_name: string | null;
  broker_email: string | null;
}

/** A row of the list page (see PageRow). */
export type AuditPageRow = PageRow<AuditRow>;

export interface AuditPersonRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}

/** The entries (`admin_actions a`) with the acting admin (`ad`) and the broker concerned (`br`), when their accounts still exist. */
const FROM = `admin_actions a left join users ad on ad.id = a.admin_id left join users br on br.id = a.broker_id`;

const COLUMNS = `a.id, a.created_at, a.action, a.target_type, a.target_id, a.notes, a.before, a.after,
  a.admin_id, ad.first_name as admin_first_name, ad.last_name as admin_last_name, ad.email as admin_email,
  a.broker_id, br.first_name as broker_first_name, br.last_name as broker_last_name, br.email as broker_email`;

/** Everything a search looks in; concat_ws skips what is missing. The action also as words ('trial extended'). */
const SEARCH_EXPRESSION = `concat_ws(' ', a.notes, a.action, replace(a.action, '_', ' '),
  ad.first_name, ad.last_name, ad.email, br.first_name, br.last_name, br.email)`;

function logQuery(filter: AuditFilter): LogQuery {
  const where: string[] = ['true'];
  const params: unknown[] = [];
  if (filter.ids) {
    where.push(filter.ids.length ? 'a.id = any(?::uuid[])' : 'false');
    if (filter.ids.length) params.push(`{${filter.ids.join(',')}}`);
  }
  if (filter.adminId) {
    where.push('a.admin_id = ?');
    params.push(filter.adminId);
  }
  if (filter.brokerId) {
    where.push('a.broker_id = ?');
    params.push(filter.brokerId);
  }
  if (filter.action) {
    where.push('a.action = ?');
    params.push(filter.action);
  }
  if (filter.from) {
    where.push('a.created_at >= ?');
    params.push(filter.from);
  }
  if (filter.until) {
    where.push('a.created_at < ?');
    params.push(filter.until);
  }
  const search = filter.search?.trim();
  if (search) {
    where.push(`${SEARCH_EXPRESSION} ilike ?`);
    params.push(`%${escapeLike(search)}%`);
  }
  return { table: 'admin_actions', alias: 'a', from: FROM, columns: COLUMNS, where: where.join(' and '), params };
}

/**
 * The SQL on `admin_actions`, the audit module's append-only table (a database trigger refuses
 * UPDATE and DELETE): the log's pages, its export in batches, and the admins it can name. `users`
 * is only read, for names and e-mails.
 */
@Injectable()
export class AuditRepository {
  constructor(private readonly em: EntityManager) {}

  /** One page of the log and the total, in one statement. */
  listPage(
    filter: AuditFilter,
    sort: { field: AuditSortField; order: SortOrder },
    range?: { start: number; end: number },
  ): Promise<AuditPageRow[]> {
    return logPage<AuditRow>(this.em, logQuery(filter), { column: AUDIT_SORT_COLUMNS[sort.field], order: sort.order }, range);
  }

  /** The next `limit` entries newest first after the entry `afterId` (see newestLogBatch). */
  newestBatch(filter: AuditFilter, limit: number, afterId?: string): Promise<AuditRow[]> {
    return newestLogBatch<AuditRow>(this.em, logQuery(filter), limit, afterId);
  }

  /** Everyone the log's admin filter offers: today's platform admins and anyone who acted as one. */
  admins(): Promise<AuditPersonRow[]> {
    return this.em.execute<AuditPersonRow[]>(
      `select u.id, u.first_name, u.last_name, u.email from users u
        where u.is_admin or u.id in (select distinct admin_id from admin_actions)
        order by lower(coalesce(u.email, '')), u.id`,
    );
  }
}
