import type { EntityManager } from '@mikro-orm/postgresql';
import { CompiledQuery } from 'kysely';

import { calendarDateProblem, MAX_YEAR, MIN_YEAR } from '../common/dates.js';
import { timeOrderedUuid } from '../common/ids.js';
import { CARRIER_MAX, PLAN_NAME_MAX, PREMIUM_MAX_CENTS } from './dto/policy.dto.js';
import {
  MEDIGAP_PLANS,
  type MedigapPlan,
  POLICY_STATUSES,
  POLICY_TYPES,
  type PolicyStatus,
  type PolicyType,
  TERMINATION_REASONS,
  type TerminationReason,
} from './policy.entity.js';
import { applyPolicyInput, type PolicyFields, PolicyRefusal } from './policy-rules.js';

/**
 * A policy in a spreadsheet (docs/policies.md "In CSV files"): what the client list's export writes
 * of a client's current plan, and what the CSV import reads of a row's policy, checked with the same
 * rules as the policies API (`applyPolicyInput`).
 */

/** Each plan type as the export writes it; the import reads these words back, and the codes. */
export const POLICY_TYPE_WORDS: Record<PolicyType, string> = {
  medicare_advantage: 'Medicare Advantage',
  mapd: 'MAPD',
  pdp: 'Part D',
  medigap: 'Medigap',
  dental: 'Dental',
  vision: 'Vision',
  other: 'Other',
};

/** Other words a spreadsheet may hold for a plan type (lower case, spaces single). */
const MORE_TYPE_WORDS: Record<string, PolicyType> = {
  ma: 'medicare_advantage',
  'ma-pd': 'mapd',
  'ma pd': 'mapd',
  'medicare advantage with drugs': 'mapd',
  'medicare advantage with drug coverage': 'mapd',
  'medicare advantage prescription drug': 'mapd',
  part_d: 'pdp',
  pdp: 'pdp',
  'prescription drug plan': 'pdp',
  'medicare supplement': 'medigap',
  'medicare supplement insurance': 'medigap',
  supplement: 'medigap',
};

const key = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** A plan type cell: a code (`mapd`), the export's words (`MAPD`, `Part D`) or the usual others (`PDP`, `Medicare Supplement`), any case. */
export function policyTypeOf(text: string): PolicyType | undefined {
  const value = key(text);
  if ((POLICY_TYPES as readonly string[]).includes(value)) return value as PolicyType;
  const byWords = (Object.keys(POLICY_TYPE_WORDS) as PolicyType[]).find((type) => POLICY_TYPE_WORDS[type].toLowerCase() === value);
  return byWords ?? MORE_TYPE_WORDS[value];
}

/** The words of the plan types the import reads, for its messages. */
export const POLICY_TYPE_CHOICES = 'Medicare Advantage (MA), MAPD, Part D (PDP), Medigap (Medicare Supplement), Dental, Vision or Other';

/** The cells of a CSV row that describe its policy (trimmed by the CSV reader; undefined when the column is absent). */
export interface PolicyCells {
  carrier?: string;
  planName?: string;
  planId?: string;
  planType?: string;
  medigapPlan?: string;
  policyStatus?: string;
  premium?: string;
  terminationDate?: string;
  terminationReason?: string;
}

/** A row's policy, checked: what is inserted beside its client. */
export type CsvPolicy = Omit<PolicyFields, 'planId' | 'medigapPlan' | 'terminationDate' | 'terminationReason' | 'premiumCents'> & {
  planId: string | null;
  medigapPlan: MedigapPlan | null;
  effectiveDate: string | null;
  terminationDate: string | null;
  terminationReason: TerminationReason | null;
  premiumCents: number | null;
};

type Problem = { field: string; message: string };

/** The cells that make a policy beyond its carrier, plan name and type: any of them without a plan name is a mistake. */
const POLICY_ONLY: (keyof PolicyCells)[] = ['planId', 'medigapPlan', 'policyStatus', 'premium', 'terminationDate', 'terminationReason'];

const filled = (text: string | undefined) => (text?.trim() ?? '') !== '';

/** Dollars as typed (`25.50`, `$1,200`, `0`) in cents; undefined unless 0 or more with at most 2 decimals. */
export function premiumCentsOf(text: string): number | undefined {
  const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1].replace(/,/g, '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A Medigap letter as written: `G`, `Plan G`, `HDG`, `High-deductible G`, any case. */
function medigapPlanOf(text: string): MedigapPlan | undefined {
  const value = text
    .trim()
    .toUpperCase()
    .replace(/^PLAN\s+/, '')
    .replace(/^HIGH[\s-]*DEDUCTIBLE\s+/, 'HD');
  return (MEDIGAP_PLANS as readonly string[]).includes(value) ? (value as MedigapPlan) : undefined;
}

/** A code, any case, spaces as underscores (`Switched agent` is `switched_agent`). */
function codeOf<T extends string>(text: string, codes: readonly T[]): T | undefined {
  const value = key(text).replace(/[\s-]+/g, '_');
  return codes.find((code) => code === value);
}

/**
 * The row's policy, or the first problem with it, or null when the row describes none. A row has a
 * policy when it gives a carrier and a plan name (`effectiveDate`: the row's effective date, already
 * checked); a policy cell without a plan name is the row's problem. `csvDateOf` reads a date cell
 * (YYYY-MM-DD or M/D/YYYY) as the rest of the import does.
 */
export function policyOfCells(
  cells: PolicyCells,
  effectiveDate: string | null,
  csvDateOf: (text: string) => string | undefined,
): { policy: CsvPolicy } | Problem | null {
  if (!filled(cells.planName)) {
    const stray = POLICY_ONLY.find((column) => filled(cells[column]));
    return stray ? { field: 'planName', message: `planName is required for a policy (the row gives ${stray})` } : null;
  }
  const carrier = cells.carrier?.trim() ?? '';
  const planName = cells.planName!.trim();
  if (!carrier) return { field: 'carrier', message: 'carrier is required for a policy (the row gives planName)' };
  if (carrier.length > CARRIER_MAX) return { field: 'carrier', message: `carrier must be at most ${CARRIER_MAX} characters` };
  if (planName.length > PLAN_NAME_MAX) return { field: 'planName', message: `planName must be at most ${PLAN_NAME_MAX} characters` };
  const typeText = cells.planType?.trim() ?? '';
  if (!typeText) return { field: 'planType', message: 'planType is required for a policy (the row gives planName)' };
  const planType = policyTypeOf(typeText);
  if (!planType) return { field: 'planType', message: `planType must be ${POLICY_TYPE_CHOICES}, not "${typeText}"` };

  let medigapPlan: MedigapPlan | null = null;
  if (filled(cells.medigapPlan)) {
    const letter = medigapPlanOf(cells.medigapPlan!);
    if (!letter)
      return {
        field: 'medigapPlan',
        message: `medigapPlan must be one of ${MEDIGAP_PLANS.join(', ')}, not "${cells.medigapPlan!.trim()}"`,
      };
    medigapPlan = letter;
  }
  let status: PolicyStatus = 'pending';
  if (filled(cells.policyStatus)) {
    const code = codeOf(cells.policyStatus!, POLICY_STATUSES);
    if (!code)
      return {
        field: 'policyStatus',
        message: `policyStatus must be one of ${POLICY_STATUSES.join(', ')}, not "${cells.policyStatus!.trim()}"`,
      };
    status = code;
  }
  let premiumCents: number | null = null;
  if (filled(cells.premium)) {
    const cents = premiumCentsOf(cells.premium!);
    if (cents === undefined || cents > PREMIUM_MAX_CENTS)
      return {
        field: 'premium',
        message: `premium must be the monthly premium in dollars, from 0 to ${(PREMIUM_MAX_CENTS / 100).toLocaleString('en-US')} (e.g. 25.50), not "${cells.premium!.trim()}"`,
      };
    premiumCents = cents;
  }
  let terminationDate: string | null = null;
  if (filled(cells.terminationDate)) {
    const text = cells.terminationDate!.trim();
    const day = csvDateOf(text);
    if (day === undefined)
      return { field: 'terminationDate', message: `terminationDate "${text}" is not a real date (YYYY-MM-DD or M/D/YYYY)` };
    if (calendarDateProblem(day))
      return { field: 'terminationDate', message: `terminationDate must be in the years ${MIN_YEAR} to ${MAX_YEAR}` };
    terminationDate = day;
  }
  let terminationReason: TerminationReason | null = null;
  if (filled(cells.terminationReason)) {
    const code = codeOf(cells.terminationReason!, TERMINATION_REASONS);
    if (!code)
      return {
        field: 'terminationReason',
        message: `terminationReason must be one of ${TERMINATION_REASONS.join(', ')}, not "${cells.terminationReason!.trim()}"`,
      };
    terminationReason = code;
  }

  // The policies API's rules on the policy as a whole: the plan ID's form and contract letter, the
  // Medigap letter, a terminated policy's date, not before its effective date.
  const policy: PolicyFields = { carrier, planName, planType, status: 'pending' };
  try {
    applyPolicyInput(policy, {
      status,
      planId: cells.planId?.trim() || null,
      medigapPlan,
      effectiveDate,
      terminationDate,
      terminationReason,
      premiumCents,
    });
  } catch (error) {
    if (error instanceof PolicyRefusal) return { field: error.field, message: error.message };
    throw error;
  }
  return {
    policy: {
      ...policy,
      planId: policy.planId ?? null,
      medigapPlan: policy.medigapPlan ?? null,
      effectiveDate: policy.effectiveDate ?? null,
      terminationDate: policy.terminationDate ?? null,
      terminationReason: policy.terminationReason ?? null,
      premiumCents: policy.premiumCents ?? null,
    },
  };
}

/** A policy to insert beside a client the import has just inserted. */
export interface ImportedPolicy {
  clientId: string;
  /** The member who wrote it: the member the client goes to (docs/policies.md "In CSV files"). */
  writingMemberId: string | null;
  policy: CsvPolicy;
}

/**
 * Inserts the import's policies in the transaction `em` holds (the one that inserted their clients),
 * in one statement: the rows travel as one JSON parameter, as the clients do.
 */
export async function insertImportedPolicies(em: EntityManager, brokerId: string, rows: ImportedPolicy[]): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map(({ clientId, writingMemberId, policy }) => ({
      id: timeOrderedUuid(),
      client_id: clientId,
      carrier: policy.carrier,
      plan_name: policy.planName,
      plan_id: policy.planId,
      plan_type: policy.planType,
      medigap_plan: policy.medigapPlan,
      status: policy.status,
      effective_date: policy.effectiveDate,
      termination_date: policy.terminationDate,
      termination_reason: policy.terminationReason,
      premium_cents: policy.premiumCents,
      writing_member_id: writingMemberId,
    })),
  );
  await em.getKysely().executeQuery(
    CompiledQuery.raw(
      `insert into policies (id, broker_id, client_id, carrier, plan_name, plan_id, plan_type, medigap_plan, status, effective_date,
                             termination_date, termination_reason, premium_cents, writing_member_id)
       select r.id, $1::uuid, r.client_id, r.carrier, r.plan_name, r.plan_id, r.plan_type, r.medigap_plan, r.status, r.effective_date,
              r.termination_date, r.termination_reason, r.premium_cents, r.writing_member_id
         from json_to_recordset($2::json) as r(id uuid, client_id uuid, carrier text, plan_name text, plan_id text, plan_type text,
                                              medigap_plan text, status text, effective_date date, termination_date date,
                                              termination_reason text, premium_cents int, writing_member_id uuid)`,
      [brokerId, json],
    ),
  );
}
