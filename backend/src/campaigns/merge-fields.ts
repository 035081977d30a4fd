/**
 * Merge fields in a campaign's subject and message: `{firstName}` and the others below are filled
 * in for each client when the message goes (and with the broker's own name in a test send). Any
 * other `{word}` is refused when the campaign is saved, so that nothing reaches a client in braces.
 * Pure, so the campaign builder checks and explains the same fields.
 */

export const MERGE_FIELDS = ['firstName', 'lastName', 'agencyName', 'agencyPhone'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export type MergeValues = Record<MergeField, string>;

/** `{ firstName }` as well as `{firstName}`; a name of letters only. */
const FIELD = /\{\s*([A-Za-z]+)\s*\}/g;

/** The `{word}`s in the text that are not merge fields, as written (none: the text is fine). */
export function unknownMergeFields(text: string): string[] {
  const unknown = [...text.matchAll(FIELD)].filter((match) => !(MERGE_FIELDS as readonly string[]).includes(match[1]));
  return [...new Set(unknown.map((match) => match[0]))];
}

/** What a campaign's text says when it names a field CareKeep does not fill. */
export function unknownMergeFieldMessage(field: string, unknown: string[]): string {
  return `${field} has ${unknown.join(', ')}, which is not a merge field: use ${MERGE_FIELDS.map((name) => `{${name}}`).join(', ')}`;
}

/** The text with each merge field filled in; a field without a value becomes empty, never braces. */
export function fillMergeFields(text: string, values: MergeValues): string {
  return text.replace(FIELD, (whole, name: string) =>
    (MERGE_FIELDS as readonly string[]).includes(name) ? values[name as MergeField].trim() : whole,
  );
}

/** +16155550142 → (615) 555-0142, as a client reads a US number; anything else as stored. */
export function phoneForReading(e164: string | null | undefined): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164 ?? '');
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : (e164 ?? '');
}
