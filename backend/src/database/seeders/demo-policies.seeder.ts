import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';

import type { Client, DepartureReason, PlanType } from '../../clients/client.entity.js';
import { Policy, type PolicyType, type TerminationReason } from '../../policies/policy.entity.js';

const PLAN_NAMES = ['Gold Plus', 'Value', 'Choice', 'Premier'];

/** The policy type of a client's recorded plan type (a plan of "other" kind: dental). */
const POLICY_TYPE: Record<PlanType, PolicyType> = { medicare_advantage: 'mapd', part_d: 'pdp', medigap: 'medigap', other: 'dental' };

/**
 * A demo client's coverage, from the plan facts the demo gives them (docs/policies.md): an MAPD
 * with its CMS plan ID and $0 premium, a Part D plan, a Medigap plan G or N, or a dental plan;
 * written by the member who looks after them. A client who left has theirs terminated on the day
 * they left, for the reason they gave; one about to turn 65 has a pending application.
 */
export function seedDemoPolicy(
  em: EntityManager,
  client: Client,
  i: number,
  facts: { planType: PlanType | null; planEffectiveDate: string | null; carrier: string | null; dateOfBirth: string },
  ended: { on: Date; reason: DepartureReason } | null,
  writer: string,
  now: Date,
): void {
  const day = (date: DateTime) => date.toISODate()!;
  const today = DateTime.fromJSDate(now, { zone: 'utc' }).startOf('day');
  const contract = String(1000 + ((i * 373) % 9000));
  const plan = String(1 + (i % 20)).padStart(3, '0');
  if (!facts.planType) {
    // About to turn 65: the application for the plan that starts the month they do.
    const sixtyFive = DateTime.fromISO(facts.dateOfBirth, { zone: 'utc' }).plus({ years: 65 }).startOf('month');
    em.create(Policy, {
      broker: client.broker.id,
      client: client.id,
      carrier: 'Humana',
      planName: 'Humana Gold Plus (HMO)',
      planId: `H${contract}-${plan}-000`,
      planType: 'mapd',
      status: 'pending',
      applicationDate: day(today.minus({ days: 5 + i })),
      effectiveDate: day(sixtyFive.plus({ months: 1 })),
      premiumCents: 0,
      writingMemberId: writer,
    });
    return;
  }
  const carrier = facts.carrier ?? 'Aetna';
  const type = POLICY_TYPE[facts.planType];
  const effective = ended
    ? DateTime.fromJSDate(ended.on, { zone: 'utc' }).startOf('year')
    : DateTime.fromISO(facts.planEffectiveDate ?? day(today.startOf('year')), { zone: 'utc' });
  em.create(Policy, {
    broker: client.broker.id,
    client: client.id,
    carrier,
    planName:
      type === 'mapd'
        ? `${carrier} ${PLAN_NAMES[i % PLAN_NAMES.length]} (HMO)`
        : type === 'pdp'
          ? `${carrier} Rx Basic (PDP)`
          : type === 'medigap'
            ? `${carrier} Medicare Supplement`
            : `${carrier} Dental Preferred`,
    planId: type === 'mapd' ? `H${contract}-${plan}-000` : type === 'pdp' ? `S${contract}-${plan}-000` : null,
    planType: type,
    medigapPlan: type === 'medigap' ? (i % 2 === 0 ? 'G' : 'N') : null,
    status: ended ? 'terminated' : 'active',
    applicationDate: day(effective.minus({ months: 2 })),
    effectiveDate: day(effective),
    terminationDate: ended ? day(DateTime.fromJSDate(ended.on, { zone: 'utc' })) : null,
    terminationReason: ended ? (ended.reason satisfies TerminationReason) : null,
    premiumCents: type === 'pdp' ? 1_450 + i * 10 : type === 'medigap' ? 13_800 + i * 100 : type === 'dental' ? 3_200 : 0,
    writingMemberId: writer,
  });
}
