import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';

import { CsvError, parse } from 'csv-parse';

import { checkCsvBytes, CsvFileException, EMPTY_FILE } from '../clients/client-csv.js';
import type { StatementField, StatementMapping } from './commission-statement.entity.js';
import { normalizePlanId } from './plan-id.js';

export const PREVIEW_ROWS = 5;
export const MAX_COLUMNS = 100;
export const HEADER_MAX = 100;
export const MEMBER_ID_MAX = 40;
export const MEMBER_NAME_MAX = 200;
/** One row's amount: ±$1,000,000, far above any monthly commission. */
export const AMOUNT_MAX_CENTS = 100_000_000;

/** One statement row as the import stores it. */
export interface StatementRow {
  line: number;
  memberId: string | null;
  memberName: string | null;
  planKey: string | null;
  firstKey: string | null;
  lastKey: string | null;
  period: string | null;
  effectiveDate: string | null;
  amountCents: number | null;
  problem: string | null;
}

/**
 * Money as statements write it, in cents: "$1,234.56", "1234.5", "-12.00", "(12.00)" and "12.00-"
 * (a chargeback). Undefined when it is not an amount or is beyond ±$1,000,000.
 */
export function parseAmountCents(text: string): number | undefined {
  let value = text.trim().replace(/\s/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(value)) [negative, value] = [true, value.slice(1, -1)];
  if (value.endsWith('-')) [negative, value] = [!negative, value.slice(0, -1)];
  if (value.startsWith('-')) [negative, value] = [!negative, value.slice(1)];
  value = value.replace(/^(USD|\$)/i, '');
  if (value.startsWith('-')) [negative, value] = [!negative, value.slice(1)];
  if (!/^(\d{1,3}(,\d{3})+|\d+)?(\.\d{1,2})?$/.test(value) || !/\d/.test(value)) return undefined;
  const [whole, fraction = ''] = value.replace(/,/g, '').split('.');
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  if (cents > AMOUNT_MAX_CENTS) return undefined;
  return negative && cents !== 0 ? -cents : cents;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: number) => String(n).padStart(2, '0');

function validDate(year: number, month: number, day: number): string | undefined {
  if (year < 1990 || year > 2100 || month < 1 || month > 12 || day < 1) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** A calendar date: 2026-01-31, 01/31/2026 or 1/31/26 (US order). */
export function parseDate(text: string): string | undefined {
  const value = text.trim();
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(value);
  if (match) return validDate(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(value);
  if (match) {
    const year = match[3].length === 2 ? 2000 + Number(match[3]) : Number(match[3]);
    return validDate(year, Number(match[1]), Number(match[2]));
  }
  return undefined;
}

/**
 * The month a row pays for, as its first day: 2026-01, 202601, 01/2026, 1/2026, Jan 2026,
 * January-2026, or any date of the month.
 */
export function parsePeriod(text: string): string | undefined {
  const value = text.trim().toLowerCase();
  const date = parseDate(value);
  if (date) return `${date.slice(0, 7)}-01`;
  let match = /^(\d{4})[-/]?(\d{2})$/.exec(value) ?? /^(\d{4})-(\d{1})$/.exec(value);
  if (match) return validDate(Number(match[1]), Number(match[2]), 1);
  match = /^(\d{1,2})[/-](\d{4})$/.exec(value);
  if (match) return validDate(Number(match[2]), Number(match[1]), 1);
  match = /^([a-z]{3})[a-z]*\.?[\s,-]*(\d{4})$/.exec(value);
  if (match && MONTHS.includes(match[1])) return validDate(Number(match[2]), MONTHS.indexOf(match[1]) + 1, 1);
  return undefined;
}

const ASCII = /^[ -~]*$/;
const NOT_A_LETTER = /[^a-z]/g;

/** A name part as the matching compares it: lower case, accents off, letters only. */
export function nameKey(text: string): string {
  // Most names are plain ASCII: no accents to take off.
  if (ASCII.test(text)) return text.toLowerCase().replace(NOT_A_LETTER, '');
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/**
 * The same as nameKey in SQL, for the clients' names (PostgreSQL without the unaccent extension):
 * the accented letters of Spanish, Portuguese and French names, then letters only.
 */
export const SQL_NAME_KEY = (column: string) =>
  `regexp_replace(translate(lower(${column}), 'áàâäãåéèêëíìîïóòôöõúùûüñçý', 'aaaaaaeeeeiiiiooooouuuuncy'), '[^a-z]', '', 'g')`;

const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'md', 'phd']);

/** First and last name keys of a member's name: "DOE, JANE M" or "Jane M. Doe" (suffixes such as Jr. left out). */
export function nameKeys(name: string): { first: string | null; last: string | null } {
  const words = (text: string) =>
    text
      .split(/\s+/)
      .map(nameKey)
      .filter((word) => word && !SUFFIXES.has(word));
  const comma = name.indexOf(',');
  if (comma >= 0) {
    const last = words(name.slice(0, comma)).join('');
    const first = words(name.slice(comma + 1))[0] ?? '';
    return { first: first || null, last: last || null };
  }
  const parts = words(name);
  if (parts.length === 0) return { first: null, last: null };
  if (parts.length === 1) return { first: null, last: parts[0] };
  return { first: parts[0], last: parts[parts.length - 1] };
}

/** Contract and plan benefit package of a plan ID (H1234-001), or null. */
export function planKeyOf(text: string): string | null {
  return normalizePlanId(text)?.slice(0, 9) ?? null;
}

/** The headers a statement's fields are usually found under, for a first mapping. */
const GUESSES: Record<StatementField, RegExp> = {
  memberId: /^(member|subscriber|medicare|mbi|policy|insured|beneficiary)[\s_-]*(id|number|no\.?|#)$|^(mbi|member ?id)$/i,
  memberName: /^(member|subscriber|insured|beneficiary|client|customer)?[\s_-]*name$/i,
  planId: /^(plan|contract|cms)[\s_-]*(id|number|code|#)$|^pbp$|^plan$/i,
  amount: /^(commission|paid|payment|net)?[\s_-]*(amount|amt|paid|commission|payment)$/i,
  period: /^(period|month|pay(ment)? ?(period|month)|coverage ?month|commission ?month|statement ?month)$/i,
  effectiveDate: /^(effective|eff\.?|policy effective|coverage start)[\s_-]*(date)?$/i,
};

/** A first guess at the mapping from the header's names. */
export function guessMapping(headers: string[]): StatementMapping {
  const mapping: StatementMapping = {};
  for (const [field, pattern] of Object.entries(GUESSES) as [StatementField, RegExp][]) {
    const header = headers.find((h) => pattern.test(h.trim()) && !Object.values(mapping).includes(h));
    if (header) mapping[field] = header;
  }
  return mapping;
}

/** What is wrong with a mapping for these headers, or undefined. */
export function mappingProblem(mapping: StatementMapping, headers: string[]): { field: string; message: string } | undefined {
  for (const [field, header] of Object.entries(mapping)) {
    if (header !== undefined && header !== null && !headers.includes(header))
      return { field, message: `The file has no column “${header}”` };
  }
  if (!mapping.memberId && !mapping.memberName)
    return { field: 'memberId', message: 'Choose the column of the member ID or of the member’s name' };
  if (!mapping.amount) return { field: 'amount', message: 'Choose the column of the amount paid' };
  if (!mapping.period) return { field: 'period', message: 'Choose the column of the month paid for' };
  return undefined;
}

/**
 * `read`, remembering its last thousand answers: a statement repeats its plans, months and amounts
 * row after row, each read once.
 */
function remembered<T>(read: (text: string) => T): (text: string) => T {
  const answers = new Map<string, T>();
  return (text) => {
    const known = answers.get(text);
    if (known !== undefined || answers.has(text)) return known as T;
    if (answers.size >= 1_000) answers.clear();
    const answer = read(text);
    answers.set(text, answer);
    return answer;
  };
}

const rowAmount = remembered(parseAmountCents);
const rowPeriod = remembered(parsePeriod);
const rowPlanKey = remembered(planKeyOf);
const rowDate = remembered(parseDate);

/** A row of the file read through the mapping: what the import stores, or the row's problem. */
export function readRow(cells: string[], line: number, columns: Partial<Record<StatementField, number>>): StatementRow {
  const cell = (field: StatementField) => {
    const index = columns[field];
    const value = index === undefined ? '' : (cells[index] ?? '').trim();
    return value === '' ? null : value;
  };
  const memberId = cell('memberId');
  const memberName = cell('memberName');
  const planText = cell('planId');
  const amountText = cell('amount');
  const periodText = cell('period');
  const effectiveText = cell('effectiveDate');
  const names = memberName ? nameKeys(memberName) : { first: null, last: null };
  const amountCents = amountText === null ? undefined : rowAmount(amountText);
  const period = periodText === null ? undefined : rowPeriod(periodText);
  const problem =
    amountCents === undefined
      ? amountText === null
        ? 'No amount'
        : 'The amount is not a sum of money such as $1,234.56'
      : period === undefined
        ? periodText === null
          ? 'No month'
          : 'The month is not one such as 2026-01 or 01/2026'
        : !memberId && !memberName
          ? 'No member ID or name'
          : null;
  return {
    line,
    memberId: memberId ? memberId.slice(0, MEMBER_ID_MAX).toUpperCase() : null,
    memberName: memberName ? memberName.slice(0, MEMBER_NAME_MAX) : null,
    planKey: planText ? rowPlanKey(planText) : null,
    firstKey: names.first,
    lastKey: names.last,
    period: period ?? null,
    effectiveDate: effectiveText ? (rowDate(effectiveText) ?? null) : null,
    amountCents: amountCents ?? null,
    problem,
  };
}

/** A row of the file as cells, with the file's line (the header is line 1). */
export interface CsvRecord {
  cells: string[];
  line: number;
}

/** How csv-parse reads a statement: every way of reading one gives the same rows as this. */
const CSV_OPTIONS = {
  bom: true,
  skip_empty_lines: true,
  relax_column_count: true,
  trim: true,
  info: true,
  max_record_size: 64 * 1024,
} as const;

/** Lines longer than this (in bytes) are left to csv-parse, whose record size limit they may pass. */
const QUICK_LINE_MAX = 16_000;
/** What csv-parse's `trim` takes off a field: ECMAScript white space and line ends, as String.prototype.trim. */
const TRIMMED = /\s/;
const [CR, LF] = [0x0d, 0x0a];

/**
 * A line of a file (without its line end) as csv-parse reads it, or undefined when the line is one
 * the quick reading leaves to csv-parse: a quote that does not open or close a field the plain way
 * (a field going on over lines, or a line csv-parse refuses) or a carriage return. Null for a line
 * of spaces only, which csv-parse skips.
 */
export function quickLine(text: string): string[] | null | undefined {
  if (text.includes('\r')) return undefined;
  if (!text.includes('"')) {
    const cells = text.split(',');
    for (let i = 0; i < cells.length; i++) cells[i] = cells[i].trim();
    return cells.length === 1 && cells[0] === '' ? null : cells;
  }
  const cells: string[] = [];
  for (let at = 0; ; at++) {
    let start = at;
    while (start < text.length && TRIMMED.test(text[start])) start++;
    if (text[start] === '"') {
      // Quoted: "" is a quote; the closing quote is followed by spaces, then a comma or the line's end.
      let value = '';
      for (let from = start + 1; ;) {
        const quote = text.indexOf('"', from);
        if (quote < 0) return undefined;
        value += text.slice(from, quote);
        if (text[quote + 1] !== '"') {
          at = quote + 1;
          break;
        }
        value += '"';
        from = quote + 2;
      }
      while (at < text.length && TRIMMED.test(text[at])) at++;
      if (at < text.length && text[at] !== ',') return undefined;
      cells.push(value);
    } else {
      const comma = text.indexOf(',', start);
      at = comma < 0 ? text.length : comma;
      const field = text.slice(start, at);
      if (field.includes('"')) return undefined;
      cells.push(field.trim());
    }
    if (at >= text.length) return cells;
  }
}

/**
 * A statement's rows as arrays of cells, parsed as they arrive, in batches of what has been parsed
 * (the header first, in the first batch). A problem with the file as a whole is a CsvFileException.
 *
 * The rows are csv-parse's (CSV_OPTIONS). Plain lines — one row each, the same line end throughout
 * — are read the quick way (quickLine); from the first line that is not, csv-parse reads the rest,
 * after as many empty lines as came before, so that it counts lines (and words its errors) as it
 * would have from the start.
 */
export async function* readStatementCsvBatches(input: Readable): AsyncGenerator<CsvRecord[]> {
  const chunks = input[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  /** Bytes not read yet, from a line's start. */
  let bytes = Buffer.alloc(0);
  let line = 1;
  let lineEnd: '\n' | '\r\n' | undefined;
  let ended = false;
  let quick = true;
  try {
    while (quick && !ended) {
      const next = await chunks.next();
      if (next.done) ended = true;
      else bytes = bytes.length ? Buffer.concat([bytes, Buffer.from(next.value)]) : Buffer.from(next.value);
      let at = 0;
      if (line === 1) {
        if (bytes.length < 3 && !ended) continue;
        // A UTF-16 byte order mark: csv-parse reads the file as UTF-16. A UTF-8 one is left out.
        if (bytes[0] === 0xff && bytes[1] === 0xfe) quick = false;
        else if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) at = 3;
      }
      const batch: CsvRecord[] = [];
      while (quick && at < bytes.length) {
        let newline = bytes.indexOf(LF, at);
        if (newline < 0 && !ended) break;
        if (newline < 0) newline = bytes.length;
        let end = newline;
        if (newline < bytes.length) {
          const windows = end > at && bytes[end - 1] === CR;
          lineEnd ??= windows ? '\r\n' : '\n';
          if (windows !== (lineEnd === '\r\n')) quick = false;
          if (windows) end--;
        }
        const cells = quick && end - at <= QUICK_LINE_MAX ? quickLine(bytes.toString('utf8', at, end)) : undefined;
        if (cells === undefined) quick = false;
        else {
          if (cells) batch.push({ cells, line });
          at = newline + 1;
          line++;
        }
      }
      // Until the first line is read, the file is kept from its first byte (for csv-parse to read from there).
      if (line > 1) bytes = bytes.subarray(at);
      if (batch.length) yield batch;
    }
    if (!quick) {
      const before = line > 1 ? Buffer.from((lineEnd ?? '\n').repeat(line - 1)) : Buffer.alloc(0);
      yield* csvParseBatches(Readable.from(rest([before, bytes], ended ? undefined : chunks)));
    }
  } catch (error) {
    if (error instanceof CsvError) throw new CsvFileException(`The file is not a readable CSV: ${error.message}`);
    throw error;
  } finally {
    input.destroy();
  }
}

/** These bytes, then what is left of `chunks`. */
async function* rest(first: Buffer[], chunks: AsyncIterator<Buffer | string> | undefined): AsyncGenerator<Buffer> {
  for (const bytes of first) if (bytes.length) yield bytes;
  for (let next = await chunks?.next(); next && !next.done; next = await chunks?.next()) yield Buffer.from(next.value);
}

/** The rows of a CSV stream as csv-parse reads a statement (CSV_OPTIONS), in batches of what has been parsed. */
async function* csvParseBatches(input: Readable): AsyncGenerator<CsvRecord[]> {
  const parser = input.pipe(parse(CSV_OPTIONS));
  input.on('error', (error) => parser.destroy(error));
  let failure: unknown;
  let ended = false;
  let wake: (() => void) | undefined;
  const signal = () => {
    wake?.();
    wake = undefined;
  };
  parser.on('readable', signal);
  parser.once('end', () => {
    ended = true;
    signal();
  });
  parser.once('error', (error) => {
    failure = error;
    signal();
  });
  try {
    for (;;) {
      const batch: CsvRecord[] = [];
      let read: { record: string[]; info: { lines: number } } | null;
      while ((read = parser.read() as typeof read) !== null) batch.push({ cells: read.record, line: read.info.lines });
      if (batch.length) yield batch;
      else if (failure) throw failure;
      else if (ended) return;
      else await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    parser.destroy();
    input.destroy();
  }
}

/** The same, a row at a time. */
export async function* readStatementCsv(input: Readable): AsyncGenerator<CsvRecord> {
  for await (const batch of readStatementCsvBatches(input)) yield* batch;
}

/**
 * What is told of an uploaded statement at once: UTF-8 text without NUL throughout (checked in
 * chunks, never held whole), a header of named, distinct columns, its first rows for the mapping,
 * and about how many rows it holds.
 */
export async function checkStatementUpload(path: string): Promise<{ headers: string[]; preview: string[][]; rowsTotal: number }> {
  const rowsTotal = await checkCsvBytes(path);
  let headers: string[] | undefined;
  const preview: string[][] = [];
  for await (const { cells } of readStatementCsv(createReadStream(path))) {
    if (!headers) headers = cells;
    else preview.push(cells.slice(0, headers.length).map((value) => value.slice(0, 200)));
    if (preview.length >= PREVIEW_ROWS) break;
  }
  if (!headers) throw new CsvFileException(EMPTY_FILE);
  if (headers.length > MAX_COLUMNS) throw new CsvFileException(`The file has more than ${MAX_COLUMNS} columns`);
  if (headers.some((header) => header === '')) throw new CsvFileException('Every column of the first line needs a name');
  if (headers.some((header) => header.length > HEADER_MAX))
    throw new CsvFileException(`A column name is longer than ${HEADER_MAX} characters: is the first line the header?`);
  if (new Set(headers).size !== headers.length) throw new CsvFileException('Two columns of the first line have the same name');
  return { headers, preview, rowsTotal };
}
