import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';

import { Client } from '../../clients/client.entity.js';
import { CommissionSchedule } from '../../policies/commission-schedule.entity.js';
import { CommissionStatement, CommissionStatementRow } from '../../policies/commission-statement.entity.js';
import { CommissionsRepository } from '../../policies/commissions.repository.js';
import { Policy } from '../../policies/policy.entity.js';
import { readRow } from '../../policies/statement-csv.js';
import { StatementMatcher } from '../../policies/statement-matching.js';

const HEADERS = ['Member ID', 'Member Name', 'Plan ID', 'Paid Amount', 'Period'];
const MAPPING = { memberId: 'Member ID', memberName: 'Member Name', planId: 'Plan ID', amount: 'Paid Amount', period: 'Period' };

/**
 * The demo agency's commissions (docs/policies.md "Commissions"): a schedule for each carrier (and
 * its Part D rate), and last month's statement of the carrier with the most policies imported and matched as the app does it —
 * most rows by the carrier's member ID, some by the name as the carrier writes it ("LAST, FIRST"),
 * one by an initial (a similar name), a chargeback, two people the agency does not have, and one
 * policy left unpaid.
 */
export async function seedDemoCommissions(em: EntityManager, agencyId: string, carriers: readonly string[], now: Date): Promise<void> {
  carriers.forEach((carrier, i) => {
    em.create(CommissionSchedule, {
      broker: agencyId,
      carrier,
      planType: null,
      initialAnnualCents: 61_100 - i * 1_000,
      renewalAnnualCents: 30_550 - i * 500,
    });
    em.create(CommissionSchedule, { broker: agencyId, carrier, planType: 'pdp', initialAnnualCents: 10_700, renewalAnnualCents: 5_350 });
  });
  const month = DateTime.fromJSDate(now, { zone: 'utc' }).startOf('month').minus({ months: 1 });
  // The statement of the carrier with the most policies in force last month.
  const inForce = (await em.find(Policy, { broker: agencyId, status: 'active', planId: { $ne: null } }, { orderBy: { id: 'asc' } })).filter(
    (policy) => policy.effectiveDate && policy.effectiveDate <= month.toISODate()!,
  );
  const count = (name: string) => inForce.filter((policy) => policy.carrier === name).length;
  const carrier = [...carriers].sort((a, b) => count(b) - count(a))[0];
  const policies = inForce.filter((policy) => policy.carrier === carrier);
  const clients = new Map((await em.find(Client, { id: policies.map((policy) => policy.client) })).map((client) => [client.id, client]));
  const lines: string[][] = [];
  // The last policy is left unpaid.
  policies.slice(0, -1).forEach((policy, i) => {
    const client = clients.get(policy.client)!;
    const monthly = ((policy.effectiveDate!.slice(0, 4) === month.toFormat('yyyy') ? 61_100 : 30_550) / 12 / 100).toFixed(2);
    const plan = policy.planId!.slice(0, 9);
    if (i % 3 === 0) {
      policy.carrierMemberId = `HUM${String(400_100 + i * 37)}`;
      lines.push([
        policy.carrierMemberId,
        `${client.lastName.toUpperCase()}, ${client.firstName.toUpperCase()}`,
        plan,
        `$${monthly}`,
        month.toFormat('yyyy-MM'),
      ]);
    } else if (i % 3 === 2)
      lines.push(['', `${client.lastName.toUpperCase()}, ${client.firstName.toUpperCase()}`, plan, monthly, month.toFormat('MM/yyyy')]);
    else lines.push(['', `${client.firstName[0]}. ${client.lastName}`, plan, monthly, month.toFormat('MMM yyyy')]);
  });
  if (policies[0]) {
    const first = clients.get(policies[0].client)!;
    lines.push([
      '',
      `${first.lastName.toUpperCase()}, ${first.firstName.toUpperCase()}`,
      policies[0].planId!.slice(0, 9),
      '(25.46)',
      month.minus({ months: 1 }).toFormat('yyyy-MM'),
    ]);
  }
  lines.push(['HUM999001', 'WALSH, EILEEN', 'H9876-001', '$50.92', month.toFormat('yyyy-MM')]);
  lines.push(['', 'Harold Benton', 'H9876-002', '$25.46', month.toFormat('yyyy-MM')]);
  const statement = em.create(CommissionStatement, {
    broker: agencyId,
    carrier,
    fileName: `${carrier.toLowerCase()}-commissions-${month.toFormat('yyyy-MM')}.csv`,
    status: 'completed',
    headers: HEADERS,
    preview: lines.slice(0, 5),
    mapping: MAPPING,
    rowsTotal: lines.length,
    rowsDone: lines.length,
    createdAt: now,
    finishedAt: now,
  });
  await em.flush();
  const repository = new CommissionsRepository(em);
  const columns = { memberId: 0, memberName: 1, planId: 2, amount: 3, period: 4 };
  const matcher = new StatementMatcher(await repository.matchCandidates(agencyId), carrier);
  await em.insertMany(
    CommissionStatementRow,
    lines.map((cells, i) => {
      const row = readRow(cells, i + 2, columns);
      const match = matcher.match(row);
      return { ...row, statement: statement.id, broker: agencyId, matchKind: match?.kind ?? 'unmatched', policy: match?.policyId ?? null };
    }),
  );
  await repository.matchSimilarNames(em, statement.id);
  await repository.count(em, statement.id);
  // The counts are the database's now (written by the matching, not through this entity).
  await em.execute(
    `update commission_statements set message = 'Imported ' || rows_total || ' rows: ' || matched_exact || ' matched exactly, ' ||
       matched_fuzzy || ' by a similar name, ' || unmatched || ' unmatched' where id = ?`,
    [statement.id],
    'run',
  );
}
