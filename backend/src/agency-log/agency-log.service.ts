import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import { csvLine } from '../common/csv.js';
import { badFilter, dayRange, filterId } from '../common/list-filters.js';
import { idsOf, type ListQuery, type ListQueryRules, ListResult } from '../common/list-query.js';
import type { Actor } from './actor.js';
import { AGENCY_ACTIONS, type AgencyAction, type AgencyTarget } from './agency-actions.js';
import { AgencyEvent } from './agency-event.entity.js';
import { type AgencyEventRow, type AgencyLogFilter, AgencyLogRepository, type AgencyLogSortField } from './agency-log.repository.js';
import type { Facts } from './changes.js';
import type { AgencyEventDto } from './dto/agency-event.dto.js';

/** What a change records about itself; who made it comes from the Actor. */
export interface AgencyLogEntry {
  action: AgencyAction;
  targetType: AgencyTarget;
  targetId?: string | null;
  summary: string;
  /** Only the fields that changed (see changedFields); never health data. */
  before?: Facts | null;
  after?: Facts | null;
}

export const AGENCY_LOG_LIST_RULES = {
  sortable: ['createdAt', 'action'],
  filterable: ['memberId', 'action', 'from', 'to'],
  idFilter: true,
} as const satisfies ListQueryRules;

/** The export's columns, in order. */
export const AGENCY_LOG_EXPORT_HEADER = ['Time', 'Member', 'Action', 'Summary', 'Target', 'Before', 'After', 'API token', 'Address'];
const EXPORT_BATCH = 1000;

/**
 * The agency activity log (ADR 0011, docs/security.md): every change a member makes, recorded by the
 * service that makes it, in the same transaction (`record`); read back by the agency's owners and
 * read-only members, and by platform admins. Nothing changes or removes an entry; the database
 * refuses it too.
 */
@Injectable()
export class AgencyLogService {
  constructor(
    private readonly em: EntityManager,
    private readonly repository: AgencyLogRepository,
  ) {}

  /** Adds the entry to `em`, the change's own unit of work: it is written with the change, or not at all. */
  record(em: EntityManager, actor: Actor, entry: AgencyLogEntry): AgencyEvent {
    return em.create(AgencyEvent, {
      agencyId: actor.agencyId,
      memberId: actor.memberId,
      viaTokenId: actor.tokenId,
      ip: actor.ip,
      ...entry,
    });
  }

  /** Records at once, for an action that changes nothing in the database itself (an export, messages sent). */
  async recordNow(actor: Actor, entry: AgencyLogEntry): Promise<void> {
    const em = this.em.fork();
    this.record(em, actor, entry);
    await em.flush();
  }

  /** One page of the agency's log under the list's filters; `from` and `to` are whole days in `timeZone`. */
  async list(agencyId: string, query: ListQuery, timeZone: string): Promise<ListResult<AgencyEventDto>> {
    const filter = agencyLogFilter(query, timeZone);
    const sort = query.sort ?? { field: 'createdAt', order: 'DESC' };
    const rows = await this.repository.listPage(
      agencyId,
      filter,
      { field: sort.field as AgencyLogSortField, order: sort.order },
      query.range,
    );
    const items = rows.filter((row): row is { total: number } & AgencyEventRow => row.id !== null).map(agencyEvent);
    return new ListResult('agency-log', items, rows[0]?.total ?? 0, query.range);
  }

  /** The agency's whole log under the filters as CSV lines, newest first, read a thousand entries at a time. */
  async *exportCsv(agencyId: string, query: ListQuery, timeZone: string): AsyncGenerator<string> {
    const filter = agencyLogFilter(query, timeZone);
    yield csvLine(AGENCY_LOG_EXPORT_HEADER);
    let last: string | undefined;
    for (;;) {
      const rows = await this.repository.newestBatch(agencyId, filter, EXPORT_BATCH, last);
      for (const row of rows) yield csvLine(exportCells(agencyEvent(row)));
      if (rows.length < EXPORT_BATCH) return;
      last = rows[rows.length - 1].id;
    }
  }
}

/** The list's filter checked and read: the member an id, the action one of the log's, `from`/`to` real days in order. */
export function agencyLogFilter(query: ListQuery, timeZone: string): AgencyLogFilter {
  const { memberId, action, from, to } = query.filter as Record<string, string | undefined>;
  const named = action?.trim() || undefined;
  if (named !== undefined && !(AGENCY_ACTIONS as readonly string[]).includes(named)) {
    throw badFilter(`filter action must be one of the log’s actions, such as client_created (${AGENCY_ACTIONS.length} in all)`);
  }
  return { ids: idsOf(query), memberId: filterId('memberId', memberId), action: named, ...dayRange(from, to, timeZone) };
}

function agencyEvent(row: AgencyEventRow): AgencyEventDto {
  const name = [row.member_first_name, row.member_last_name].filter((part) => part?.trim()).join(' ');
  return {
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    member: {
      id: row.member_id,
      name: name || null,
      email: row.member_email,
      role: row.member_role,
      removed: row.member_removed_at !== null,
    },
    viaToken: row.via_token_id ? { id: row.via_token_id, name: row.token_name ?? '' } : null,
    ipAddress: row.ip,
    action: row.action as AgencyAction,
    targetType: row.target_type as AgencyTarget,
    targetId: row.target_id,
    summary: row.summary,
    before: row.before,
    after: row.after,
  };
}

/** One line of the export; csvLine neutralises anything a spreadsheet would run as a formula. */
function exportCells(entry: AgencyEventDto): string[] {
  return [
    entry.createdAt,
    entry.member.email ?? entry.member.name ?? entry.member.id,
    entry.action,
    entry.summary,
    entry.targetId ? `${entry.targetType} ${entry.targetId}` : entry.targetType,
    entry.before ? JSON.stringify(entry.before) : '',
    entry.after ? JSON.stringify(entry.after) : '',
    entry.viaToken?.name ?? '',
    entry.ipAddress ?? '',
  ];
}
