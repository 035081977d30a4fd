import { DateTime } from 'luxon';

/** Allowed local hours of a day as [from, to) in minutes after midnight; null: not that day. */
type Window = [number, number] | null;

export interface CallingRule {
  /** Monday..Saturday, then Sunday. */
  weekday: Window;
  saturday: Window;
  sunday: Window;
  /** Where the rule comes from (docs/compliance.md lists them). */
  source: string;
}

const h = (hours: number, minutes = 0) => hours * 60 + minutes;
const every = (window: Window, source: string): CallingRule => ({ weekday: window, saturday: window, sunday: window, source });
const noSunday = (window: Window, source: string): CallingRule => ({ weekday: window, saturday: window, sunday: null, source });

/** The federal rule (TCPA, 47 CFR 64.1200(c)(1)): not before 8:00 or after 21:00 where the person called is. */
export const FEDERAL_RULE: CallingRule = every([h(8), h(21)], '47 CFR 64.1200(c)(1)');

/**
 * States whose telephone-solicitation laws set stricter hours than the federal rule (calls and
 * texts alike), as this product applies them to marketing. Kept in one table, documented in
 * docs/compliance.md; it is not legal advice, and state holidays are not applied.
 */
export const STATE_RULES: Record<string, CallingRule> = {
  FL: every([h(8), h(20)], 'Fla. Stat. § 501.059(8)(a)'),
  OK: every([h(8), h(20)], 'Okla. Stat. tit. 15 § 775C.4'),
  MD: every([h(8), h(20)], 'Md. Code, Com. Law § 14-4503'),
  WA: every([h(8), h(20)], 'RCW 80.36.390'),
  MA: every([h(8), h(20)], '940 CMR 19.04'),
  AL: noSunday([h(8), h(20)], 'Alabama Telephone Solicitation Act, Ala. Code § 8-19C-1 et seq.'),
  LA: noSunday([h(8), h(20)], 'La. R.S. 45:844.14'),
  MS: noSunday([h(8), h(20)], 'Miss. Code § 77-3-725'),
  UT: noSunday([h(8), h(21)], 'Utah Code § 13-25a-103'),
  CT: every([h(9), h(20)], 'Conn. Gen. Stat. § 42-288a'),
  MN: every([h(9), h(21)], 'Minn. Stat. § 325E.27'),
  TX: { weekday: [h(9), h(21)], saturday: [h(9), h(21)], sunday: [h(12), h(21)], source: 'Tex. Bus. & Com. Code § 301.051' },
  PA: { weekday: [h(8), h(21)], saturday: [h(8), h(21)], sunday: [h(13, 30), h(21)], source: '73 P.S. § 2245.2' },
  RI: { weekday: [h(9), h(18)], saturday: [h(10), h(17)], sunday: null, source: 'R.I. Gen. Laws § 5-61-3.4' },
};

function intersect(a: Window, b: Window): Window {
  if (!a || !b) return null;
  const from = Math.max(a[0], b[0]);
  const to = Math.min(a[1], b[1]);
  return from < to ? [from, to] : null;
}

/** The federal rule narrowed by every state's rule that may apply (where the client lives, their number's area code). */
export function ruleFor(states: string[]): CallingRule {
  return states.reduce<CallingRule>((rule, state) => {
    const own = STATE_RULES[state];
    if (!own) return rule;
    return {
      weekday: intersect(rule.weekday, own.weekday),
      saturday: intersect(rule.saturday, own.saturday),
      sunday: intersect(rule.sunday, own.sunday),
      source: `${rule.source}; ${own.source}`,
    };
  }, FEDERAL_RULE);
}

function windowOn(rule: CallingRule, day: DateTime): Window {
  if (day.weekday === 7) return rule.sunday;
  if (day.weekday === 6) return rule.saturday;
  return rule.weekday;
}

/** One formatter per zone: asked for every message sent, so it is built once (luxon would rebuild its state each time). */
const FORMATTERS = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The weekday (1 = Monday) and minutes after midnight of `at` in `zone`. */
function localMinute(at: Date, zone: string): { weekday: number; minute: number } {
  let format = FORMATTERS.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    FORMATTERS.set(zone, format);
  }
  let weekday = 1;
  let hour = 0;
  let minute = 0;
  for (const part of format.formatToParts(at)) {
    if (part.type === 'weekday') weekday = WEEKDAYS[part.value] ?? 1;
    else if (part.type === 'hour') hour = Number(part.value);
    else if (part.type === 'minute') minute = Number(part.value);
  }
  return { weekday, minute: hour * 60 + minute };
}

/** Whether `at` is inside the rule's hours in `zone`. */
export function allowedAt(at: Date, zone: string, rule: CallingRule): boolean {
  const local = localMinute(at, zone);
  const window = local.weekday === 7 ? rule.sunday : local.weekday === 6 ? rule.saturday : rule.weekday;
  return window !== null && local.minute >= window[0] && local.minute < window[1];
}

/**
 * `at` when it is inside the rule's hours where the client is, else the first allowed minute after
 * it (the next day's opening, skipping days with no calls).
 */
export function nextAllowed(at: Date, zone: string, rule: CallingRule): Date {
  if (allowedAt(at, zone, rule)) return at;
  const local = DateTime.fromJSDate(at, { zone });
  for (let offset = 0; offset < 8; offset += 1) {
    const day = local.plus({ days: offset }).startOf('day');
    const window = windowOn(rule, day);
    if (!window) continue;
    const opens = day.plus({ minutes: window[0] });
    const closes = day.plus({ minutes: window[1] });
    if (offset === 0) {
      if (local >= opens && local < closes) return at;
      if (local < opens) return opens.toJSDate();
      continue;
    }
    return opens.toJSDate();
  }
  // A rule that allows no day at all cannot come from the tables; the federal window is the fallback.
  return nextAllowed(at, zone, FEDERAL_RULE);
}
