/** What the log keeps of a text it must not show (a client's notes): that there was one, never what it said. */
export const NOT_RECORDED = '(not recorded)';

export type Facts = Record<string, unknown>;

/** The fields a change touched, as they were and as they are. */
export interface Change {
  before: Facts;
  after: Facts;
}

/** A value as an entry keeps it: dates as ISO text, nothing as null. */
function kept(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : (value ?? null);
}

/**
 * The fields whose value differs between two snapshots of a record, each side holding only those;
 * null when nothing differs. A field in `unrecorded` shows only whether it held anything.
 */
export function changedFields(before: Facts, after: Facts, unrecorded: readonly string[] = []): Change | null {
  const change: Change = { before: {}, after: {} };
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = kept(before[key]);
    const is = kept(after[key]);
    if (JSON.stringify(was) === JSON.stringify(is)) continue;
    const shown = (value: unknown) => (unrecorded.includes(key) && value !== null ? NOT_RECORDED : value);
    change.before[key] = shown(was);
    change.after[key] = shown(is);
  }
  return Object.keys(change.after).length ? change : null;
}

/** One side of a change as an entry keeps it: null when it holds nothing (the record did not exist then). */
export function sideOf(facts: Facts | undefined): Facts | null {
  return facts && Object.values(facts).some((value) => value !== null) ? facts : null;
}

/** The listed fields of a record: its snapshot before or after a change. */
export function factsOf<T extends object, K extends keyof T & string>(record: T, fields: readonly K[]): Pick<T, K> {
  return Object.fromEntries(fields.map((field) => [field, record[field]])) as Pick<T, K>;
}
