import { DateTime } from 'luxon';

/**
 * Why an appointment may be held sooner than the waiting time after the client signs, under a rule
 * that has one: the last four days of an election period, a beneficiary who walks in unscheduled,
 * or a call the beneficiary made.
 */
export const SOA_EXCEPTIONS = ['election_period_end', 'walk_in', 'inbound_call'] as const;
export type SoaException = (typeof SOA_EXCEPTIONS)[number];

/** The product types a Scope of Appointment names (the CMS list). */
export const SOA_PRODUCTS = ['ma_mapd', 'pdp', 'medigap', 'dental_vision_hearing', 'hospital_indemnity'] as const;
export type SoaProduct = (typeof SOA_PRODUCTS)[number];

export const SOA_METHODS = ['phone', 'in_person', 'video'] as const;
export type SoaMethod = (typeof SOA_METHODS)[number];

export interface SoaRule {
  /** Kept on every SOA prepared or signed under it. */
  id: string;
  /** The first day it is in force (YYYY-MM-DD, Eastern time); null: since before the product. */
  from: string | null;
  /** Hours between the signature and the appointment; 0: the SOA need only be signed before it. */
  waitHours: number;
  /** What may shorten the wait (none when there is no wait). */
  exceptions: readonly SoaException[];
  /** How long a signed SOA stays valid. */
  validMonths: number;
  /** Where the rule comes from (docs/compliance.md lists them). */
  source: string;
}

/**
 * The Scope of Appointment rules, each from the day it is in force, oldest first (as this product
 * applies them; docs/compliance.md; not legal advice). The day is read in US Eastern time, CMS's.
 */
export const SOA_RULES: readonly SoaRule[] = [
  {
    id: 'soa-48-hours',
    from: null,
    waitHours: 48,
    exceptions: SOA_EXCEPTIONS,
    validMonths: 12,
    source:
      '42 CFR 422.2264(c)(3)(i) and 423.2264(c)(3)(i): the SOA documented 48 hours before the appointment, except in the last four days of an election period, for unscheduled walk-ins and for calls the beneficiary makes',
  },
  {
    id: 'soa-before-appointment',
    from: '2026-10-01',
    waitHours: 0,
    exceptions: [],
    validMonths: 12,
    source:
      'CY2027 Medicare Advantage and Part D rule, amending 42 CFR 422.2264(c)(3) and 423.2264(c)(3): the 48-hour wait removed; the SOA still documented before the appointment',
  },
];

export const CMS_ZONE = 'America/New_York';

/** The rule in force at `at` (the last one whose first day has come, in Eastern time). */
export function soaRuleAt(at: Date, rules: readonly SoaRule[] = SOA_RULES): SoaRule {
  const day = DateTime.fromJSDate(at, { zone: CMS_ZONE }).toISODate()!;
  let found = rules[0];
  for (const rule of rules) if (rule.from === null || rule.from <= day) found = rule;
  return found;
}

export function soaRuleById(id: string): SoaRule | undefined {
  return SOA_RULES.find((rule) => rule.id === id);
}

/**
 * The last four days of the election periods every beneficiary has: the Annual Enrollment Period
 * (15 October – 7 December) and the Medicare Advantage Open Enrollment Period (1 January – 31
 * March), as days in Eastern time. A Special Enrollment Period's end the app cannot know; the
 * broker's word is recorded with the exception.
 */
export function inLastFourDaysOfElectionPeriod(at: Date): boolean {
  const day = DateTime.fromJSDate(at, { zone: CMS_ZONE });
  const monthDay = day.month * 100 + day.day;
  return (monthDay >= 1204 && monthDay <= 1207) || (monthDay >= 328 && monthDay <= 331);
}

export interface AppointmentCheck {
  rule: SoaRule;
  /** The earliest the appointment may be held after a signature at `signedAt` under the rule. */
  earliestAt: Date;
  /** Whether the appointment is too soon and no exception of the rule covers it. */
  tooSoon: boolean;
}

/**
 * Whether an appointment at `appointmentAt` may follow a signature at `signedAt` (or now, when
 * preparing: the soonest the client could sign) under the rule in force on the appointment's day
 * (what the rule governs is holding the appointment), with the exception the broker chose (ignored
 * by a rule without a wait).
 */
export function checkAppointment(appointmentAt: Date, signedAt: Date, exception: SoaException | null): AppointmentCheck {
  const rule = soaRuleAt(appointmentAt);
  const earliestAt = new Date(signedAt.getTime() + rule.waitHours * 3_600_000);
  const covered = exception !== null && rule.exceptions.includes(exception);
  return { rule, earliestAt, tooSoon: !covered && appointmentAt.getTime() < earliestAt.getTime() };
}

/** A signed SOA's last valid day: the validity's months after the signature (the same instant). */
export function validUntil(signedAt: Date, rule: SoaRule): Date {
  return DateTime.fromJSDate(signedAt, { zone: CMS_ZONE }).plus({ months: rule.validMonths }).toJSDate();
}
