import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';

import type { Client, DepartureReason, PlanType } from '../../clients/client.entity.js';
import { Policy, type PolicyType, type TerminationReason } from '../../policies/policy.entity.js';

const PLAN_NAMES = ['Gold Plus', 'Value', 'Choice', 'Premier'];

/**
 * Active demo clients (by index) whose plan is already known to end within the next 60 days (the
 * client list's "Ending within 60 days"): one changes plan with the agency (a new plan with another
 * carrier, pending from the day after), one told the agency they are going to another agent.
 */
const ENDING_SOON: Record<number, { inDays: number; reason: TerminationReason; next?: { carrier: string; planName: string } }> = {
  12: { inDays: 25, reason: 'switched_plan', next: { carrier: 'Cigna', planName: 'Cigna Preferred Medicare (HMO)' } },
  17: { inDays: 50, reason: 'switched_agent' },
};

/** The policy type of a client's recorded plan type (a plan of "other" kind: dental). */
const POLICY_TYPE: Record<PlanType, PolicyType> = { medicare_advantage: 'mapd', part_d: 'pdp', medigap: 'medigap', other: 'dental' };

/**
 * A demo client's coverage, from the plan facts the demo gives them (docs/policies.md): an MAPD
 * with its CMS plan ID and $0 premium, a Part D plan, a Medigap plan G or N, or a dental plan;
 * written by the member who looks after them. A client who left has theirs terminated on the day
 * they left, for the reason they gave; one about to turn 65 has a pending application. So that the
 * client list's policy filters and retention on policies have something to show: two plans end
 * within 60 days (a change of plan with the agency, with the new one pending; a client going to
 * another agent), one client changed plan with the agency at the last AEP, another moved her dental
 * plan to another agent then, and one has a dental plan beside his Medicare plan.
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
  const endingSoon = ended ? undefined : ENDING_SOON[i];
  const endsOn = ended ? DateTime.fromJSDate(ended.on, { zone: 'utc' }) : endingSoon ? today.plus({ days: endingSoon.inDays }) : null;
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
    status: endsOn ? 'terminated' : 'active',
    applicationDate: day(effective.minus({ months: 2 })),
    effectiveDate: day(effective),
    terminationDate: endsOn ? day(endsOn) : null,
    terminationReason: ended ? (ended.reason satisfies TerminationReason) : (endingSoon?.reason ?? null),
    premiumCents: type === 'pdp' ? 1_450 + i * 10 : type === 'medigap' ? 13_800 + i * 100 : type === 'dental' ? 3_200 : 0,
    writingMemberId: writer,
  });
  if (ended) return;
  if (endingSoon?.next && endsOn) {
    // The plan they change to with the agency, from the day after the old one ends.
    em.create(Policy, {
      broker: client.broker.id,
      client: client.id,
      carrier: endingSoon.next.carrier,
      planName: endingSoon.next.planName,
      planId: `H${String(1000 + ((i * 571) % 9000))}-${plan}-000`,
      planType: 'mapd',
      status: 'pending',
      applicationDate: day(today.minus({ days: 3 })),
      effectiveDate: day(endsOn.plus({ days: 1 })),
      premiumCents: 0,
      writingMemberId: writer,
    });
  }
  const lastYearEnd = today.startOf('year').minus({ days: 1 });
  if (i === 2) {
    // At the last AEP they changed plan with the agency: the plan before, ended on 31 December (kept).
    em.create(Policy, {
      broker: client.broker.id,
      client: client.id,
      carrier: 'Aetna',
      planName: 'Aetna Medicare Value (HMO)',
      planId: `H${String(1000 + ((i * 919) % 9000))}-${plan}-000`,
      planType: 'mapd',
      status: 'terminated',
      applicationDate: day(lastYearEnd.minus({ years: 1, months: 2 })),
      effectiveDate: day(lastYearEnd.startOf('year')),
      terminationDate: day(lastYearEnd),
      terminationReason: 'switched_plan',
      premiumCents: 0,
      writingMemberId: writer,
    });
  }
  if (i === 0) {
    // At the last AEP she moved her dental plan to another agent (lost to another agent), keeping her Medicare plan here.
    em.create(Policy, {
      broker: client.broker.id,
      client: client.id,
      carrier: 'Delta Dental',
      planName: 'Delta Dental Medicare Advantage Plus',
      planType: 'dental',
      status: 'terminated',
      applicationDate: day(lastYearEnd.minus({ years: 2, months: 1 })),
      effectiveDate: day(lastYearEnd.minus({ years: 1 }).startOf('year')),
      terminationDate: day(lastYearEnd),
      terminationReason: 'switched_agent',
      premiumCents: 2_900,
      writingMemberId: writer,
    });
  }
  if (i === 7) {
    // A dental plan from the same day as the Medicare plan (the list's Current plan shows the Medicare plan).
    em.create(Policy, {
      broker: client.broker.id,
      client: client.id,
      carrier: 'Delta Dental',
      planName: 'Delta Dental Medicare Advantage Plus',
      planType: 'dental',
      status: 'active',
      applicationDate: day(effective.minus({ months: 2 })),
      effectiveDate: day(effective),
      premiumCents: 2_900,
      writingMemberId: writer,
    });
  }
}
