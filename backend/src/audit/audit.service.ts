import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import { csvLine } from '../common/csv.js';
import { dayRange, filterId } from '../common/list-filters.js';
import { idsOf, type ListQuery, type ListQueryRules, ListResult } from '../common/list-query.js';
import { AdminAction } from './admin-action.entity.js';
import { type AuditFilter, type AuditPersonRow, AuditRepository, type AuditRow, type AuditSortField } from './audit.repository.js';
import type { AuditEntryDto, AuditPersonDto } from './dto/audit-entry.dto.js';

export interface AuditEntry {
  adminId: string;
  action: string;
  targetType: string;
  targetId?: string | null;
  brokerId?: string | null;
  notes?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export const AUDIT_LIST_RULES = {
  sortable: ['createdAt', 'action'],
  filterable: ['q', 'adminId', 'brokerId', 'action', 'from', 'to'],
  idFilter: true,
} as const satisfies ListQueryRules;

/** The export's columns, in order. */
export const AUDIT_EXPORT_HEADER = ['Time', 'Admin', 'Action', 'Broker', 'Target', 'Before', 'After', 'Notes'];
const EXPORT_BATCH = 1000;

/**
 * The audit log of admin actions: written in the caller's transaction, so the entry and the change
 * go together, and read back as the platform's log (docs/admin.md). Nothing changes or removes an
 * entry; the database refuses it too.
 */
@Injectable()
export class AuditService {
  constructor(private readonly repository: AuditRepository) {}

  record(em: EntityManager, entry: AuditEntry): AdminAction {
    return em.create(AdminAction, entry);
  }

  /** One page of the log under the list's filters; `from` and `to` are whole days in the admin's zone. */
  async list(query: ListQuery, timeZone: string): Promise<ListResult<AuditEntryDto>> {
    const filter = auditFilter(query, timeZone);
    const sort = query.sort ?? { field: 'createdAt', order: 'DESC' };
    const rows = await this.repository.listPage(filter, { field: sort.field as AuditSortField, order: sort.order }, query.range);
    const items = rows.filter((row): row is { total: number } & AuditRow => row.id !== null).map(auditEntry);
    return new ListResult('audit', items, rows[0]?.total ?? 0, query.range);
  }

  /** The whole log under the filters as CSV lines, newest first, read a thousand entries at a time. */
  async *exportCsv(query: ListQuery, timeZone: string): AsyncGenerator<string> {
    const filter = auditFilter(query, timeZone);
    yield csvLine(AUDIT_EXPORT_HEADER);
    let last: string | undefined;
    for (;;) {
      const rows = await this.repository.newestBatch(filter, EXPORT_BATCH, last);
      for (const row of rows) yield csvLine(exportCells(auditEntry(row)));
      if (rows.length < EXPORT_BATCH) return;
      last = rows[rows.length - 1].id;
    }
  }

  /** The admins the log's filter offers. */
  async admins(): Promise<AuditPersonDto[]> {
    return (await this.repository.admins()).map((row) => person(row.id, row));
  }
}

/** The list's filter checked and read: ids are UUIDs, `from`/`to` real days in order (both inclusive). */
export function auditFilter(query: ListQuery, timeZone: string): AuditFilter {
  const { q, adminId, brokerId, action, from, to } = query.filter as Record<string, string | undefined>;
  return {
    ids: idsOf(query),
    adminId: filterId('adminId', adminId),
    brokerId: filterId('brokerId', brokerId),
    action: action?.trim() || undefined,
    ...dayRange(from, to, timeZone),
    search: q,
  };
}

function person(id: string, row: Omit<AuditPersonRow, 'id'>): AuditPersonDto {
  const name = [row.first_name, row.last_name].filter((part) => part?.trim()).join(' ');
  return { id, name: name || null, email: row.email };
}

function auditEntry(row: AuditRow): AuditEntryDto {
  return {
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    admin: person(row.admin_id, { first_name: row.admin_first_name, last_name: row.admin_last_name, email: row.admin_email }),
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    broker: row.broker_id
      ? person(row.broker_id, { first_name: row.broker_first_name, last_name: row.broker_last_name, email: row.broker_email })
      : null,
    notes: row.notes,
    before: row.before,
    after: row.after,
  };
}

/** A person in a cell: their e-mail, else their name, else the id of an account that is gone. */
function personCell(who: AuditPersonDto | null): string {
  if (!who) return '';
  return who.email ?? who.name ?? who.id;
}

/** One line of the export; csvLine neutralises anything a spreadsheet would run as a formula. */
function exportCells(entry: AuditEntryDto): string[] {
  return [
    entry.createdAt,
    personCell(entry.admin),
    entry.action,
    personCell(entry.broker),
    entry.targetId ? `${entry.targetType} ${entry.targetId}` : entry.targetType,
    entry.before ? JSON.stringify(entry.before) : '',
    entry.after ? JSON.stringify(entry.after) : '',
    entry.notes ?? '',
  ];
}
