import { EntityManager, IsolationLevel } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import { monthlyRevenueCents } from '../billing/pricing.js';
import { csvLine } from '../common/csv.js';
import type { ListQuery } from '../common/list-query.js';
import { type BrokerListRow, PlatformRepository } from '../reporting/platform.repository.js';
import { brokerListFilter, type BrokerListParams } from './admin.service.js';

export const BROKER_EXPORT_HEADER = [
  'Name',
  'Email',
  'Agency',
  'Tier',
  'Status',
  'Suspended',
  'Clients',
  'Active Clients',
  'Monthly Revenue (USD)',
  'Trial Ends',
  'Last Activity',
  'Created',
];
const EXPORT_BATCH = 1000;

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

function exportCells(row: BrokerListRow): (string | number)[] {
  const revenue = monthlyRevenueCents(row.status, row.tier, row.active_count, row.overage);
  return [
    [row.first_name, row.last_name].filter((part) => part?.trim()).join(' '),
    row.email ?? '',
    row.agency_name,
    row.tier,
    row.status,
    row.suspended_at ? 'yes' : 'no',
    row.client_count,
    row.active_count,
    (revenue / 100).toFixed(2),
    iso(row.trial_ends_at) ?? '',
    iso(row.last_activity) ?? '',
    iso(row.created_at) ?? '',
  ];
}

/** Broker Management's CSV export: every broker under the list's filter and sort (docs/admin.md). */
@Injectable()
export class BrokersExportService {
  constructor(
    private readonly em: EntityManager,
    private readonly platform: PlatformRepository,
  ) {}

  /**
   * The lines of the export, a thousand brokers at a time. The batches are read in one read-only
   * snapshot, so a broker who signs up or changes plan during the download neither repeats nor
   * shifts the rows (the list's sorts include computed columns, so there is no position to go on from).
   */
  async *exportCsv(query: ListQuery, params: BrokerListParams): AsyncGenerator<string> {
    // Checked before the first line, so a bad filter answers 400 rather than a cut file.
    const filter = brokerListFilter(query, params);
    yield csvLine(BROKER_EXPORT_HEADER);
    const em = this.em.fork();
    await em.begin({ isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true });
    try {
      for (let offset = 0; ; offset += EXPORT_BATCH) {
        const rows = await this.platform.brokerList({ ...filter, limit: EXPORT_BATCH, offset }, em);
        for (const row of rows) yield csvLine(exportCells(row));
        if (rows.length < EXPORT_BATCH) return;
      }
    } finally {
      await em.rollback();
    }
  }
}
