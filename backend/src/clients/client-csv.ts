import { isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { type Readable, Transform } from 'node:stream';

import { BadRequestException } from '@nestjs/common';
import { CsvError, parse } from 'csv-parse';

import { textProblem } from '../common/input-safety.js';
import { type Language, languageOf } from '../common/language.js';
import { normalizeState, normalizeZip, stateOfZip } from '../delivery/us-places.js';
import type { PolicyType } from '../policies/policy.entity.js';
import { type CsvPolicy, POLICY_TYPE_CHOICES, policyOfCells, policyTypeOf } from '../policies/policy-csv.js';
import type { PlanType } from './client.entity.js';
import { CARRIER_MAX_LENGTH, cleanCarrier, csvDateOf, dateOfBirthProblem, planEffectiveDateProblem, planTypeOf } from './client-facts.js';
import { NAME_MAX_LENGTH, normalizeEmail, normalizePhone } from './contact.js';

const REQUIRED = ['firstName', 'lastName', 'phone'] as const;
const KNOWN = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'zip',
  'state',
  'marketingConsent',
  'language',
  'dateOfBirth',
  'planType',
  'planEffectiveDate',
  'carrier',
  'assignedTo',
  // A policy (docs/policies.md "In CSV files"): with carrier, planType and planEffectiveDate above.
  'planName',
  'planId',
  'medigapPlan',
  'policyStatus',
  'premium',
  'terminationDate',
  'terminationReason',
] as const;
export type Column = (typeof KNOWN)[number];
export type CsvRecord = Partial<Record<Column, string>>;
/** Other headers spreadsheets use for the optional columns. */
const ALIASES: Record<string, Column> = {
  zipcode: 'zip',
  postalcode: 'zip',
  marketing: 'marketingConsent',
  lang: 'language',
  preferredlanguage: 'language',
  idioma: 'language',
  dob: 'dateOfBirth',
  birthdate: 'dateOfBirth',
  effectivedate: 'planEffectiveDate',
  agent: 'assignedTo',
  agentemail: 'assignedTo',
  assignedagent: 'assignedTo',
  member: 'assignedTo',
  plan: 'planName',
  policyname: 'planName',
  cmsplanid: 'planId',
  contractplanid: 'planId',
  policytype: 'planType',
  policyeffectivedate: 'planEffectiveDate',
  medigap: 'medigapPlan',
  medigapletter: 'medigapPlan',
  planletter: 'medigapPlan',
  planstatus: 'policyStatus',
  monthlypremium: 'premium',
  termdate: 'terminationDate',
  termreason: 'terminationReason',
};

export const NOT_UTF8 = 'The file is not UTF-8 text: save it as “CSV UTF-8” and upload it again';
export const HAS_NUL = 'The file contains NUL characters (it may be saved as UTF-16): save it as “CSV UTF-8” and upload it again';
export const EMPTY_FILE = 'The file is empty';

/** What is wrong with the file as a whole (its encoding, its header, its CSV syntax), in words for the broker. */
export class CsvFileException extends BadRequestException {}

/** "First Name", "first_name", "FIRSTNAME" all mean firstName. */
export function canonicalColumn(header: string): Column | undefined {
  const key = header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
  return KNOWN.find((column) => column.toLowerCase() === key) ?? ALIASES[key];
}

/** The header's columns as csv-parse takes them (false: ignored); a missing required column is the file's problem. */
export function headerColumns(header: string[]): (Column | false)[] {
  const columns = header.map((name) => canonicalColumn(name) ?? false);
  const missing = REQUIRED.filter((required) => !columns.includes(required));
  if (missing.length > 0) {
    throw new CsvFileException(
      `The file is missing the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (expected firstName, lastName, email, phone; optional zip, state, marketingConsent, language, date_of_birth, plan_type, plan_effective_date, carrier, assignedTo, and a policy's planName, planId, medigapPlan, policyStatus, premium, terminationDate, terminationReason)`,
    );
  }
  return columns;
}

export interface ClientRow {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string;
  zip: string | null;
  state: string | null;
  /** `language` column: en or es (English, Spanish, español accepted); English when empty. */
  language: Language;
  /** YYYY-MM-DD. */
  dateOfBirth: string | null;
  planType: PlanType | null;
  /** YYYY-MM-DD. */
  planEffectiveDate: string | null;
  carrier: string | null;
  /** `assignedTo` column: the e-mail of the member who looks after the client (null: the cell is empty). */
  assignedEmail: string | null;
  /** The row says no to marketing (`marketingConsent` no/false/0); only an attested upload records marketing for the rest. */
  marketingRefused: boolean;
  /** The row's policy: given a carrier and a plan name (docs/policies.md "In CSV files"), else null. */
  policy: CsvPolicy | null;
}

/** The client's own plan type (their facts) for a policy's type. */
const CLIENT_PLAN_TYPE: Record<PolicyType, PlanType> = {
  medicare_advantage: 'medicare_advantage',
  mapd: 'medicare_advantage',
  pdp: 'part_d',
  medigap: 'medigap',
  dental: 'other',
  vision: 'other',
  other: 'other',
};

const YES = ['yes', 'y', 'true', '1', 'si', 'sí'];
const NO = ['no', 'n', 'false', '0'];

/** A date cell (YYYY-MM-DD or M/D/YYYY; empty: none), checked by `problemOf`, or the problem with it. */
function csvDate(
  field: 'dateOfBirth' | 'planEffectiveDate',
  text: string | undefined,
  problemOf: (day: string) => string | undefined,
): { day: string | null } | { field: string; message: string } {
  const value = text?.trim() ?? '';
  if (!value) return { day: null };
  const day = csvDateOf(value);
  if (day === undefined) return { field, message: `${field} "${value}" is not a real date (YYYY-MM-DD or M/D/YYYY)` };
  const problem = problemOf(day);
  return problem ? { field, message: problem } : { day };
}

/** A row's client, or the first problem found in it (the field and the message reported for its line). */
export function checkRow(record: CsvRecord, now = new Date()): { client: ClientRow } | { field: string; message: string } {
  const unstorable = KNOWN.find((column) => record[column] !== undefined && textProblem(record[column]));
  if (unstorable) return { field: unstorable, message: `${unstorable} ${textProblem(record[unstorable]!)}` };
  const firstName = record.firstName?.trim() ?? '';
  const lastName = record.lastName?.trim() ?? '';
  if (!firstName) return { field: 'firstName', message: 'firstName is required' };
  if (!lastName) return { field: 'lastName', message: 'lastName is required' };
  if (firstName.length > NAME_MAX_LENGTH || lastName.length > NAME_MAX_LENGTH) {
    return {
      field: firstName.length > NAME_MAX_LENGTH ? 'firstName' : 'lastName',
      message: `Names are at most ${NAME_MAX_LENGTH} characters`,
    };
  }
  const phone = normalizePhone(record.phone);
  if (!phone) {
    return { field: 'phone', message: record.phone?.trim() ? `"${record.phone.trim()}" is not a valid phone number` : 'phone is required' };
  }
  const email = normalizeEmail(record.email);
  if (email === undefined) return { field: 'email', message: `"${record.email?.trim()}" is not a valid e-mail address` };
  const zipText = record.zip?.trim() ?? '';
  const zip = zipText ? normalizeZip(zipText) : null;
  if (zip === undefined) return { field: 'zip', message: `"${zipText}" is not a 5-digit ZIP code` };
  const stateText = record.state?.trim() ?? '';
  let state = stateText ? normalizeState(stateText) : null;
  if (state === undefined) return { field: 'state', message: `"${stateText}" is not a two-letter US state code` };
  const zipState = zip ? stateOfZip(zip) : undefined;
  if (zip && state && zipState && zipState !== state) return { field: 'zip', message: `ZIP code ${zip} is in ${zipState}, not ${state}` };
  state ??= zipState ?? null;
  const marketing = (record.marketingConsent ?? '').trim().toLowerCase();
  if (marketing && !YES.includes(marketing) && !NO.includes(marketing)) {
    return { field: 'marketingConsent', message: `marketingConsent must be yes or no, not "${record.marketingConsent?.trim()}"` };
  }
  const languageText = record.language?.trim() ?? '';
  const language = languageText ? languageOf(languageText) : 'en';
  if (!language) return { field: 'language', message: `language must be en (English) or es (Spanish), not "${languageText}"` };
  const birth = csvDate('dateOfBirth', record.dateOfBirth, (day) => dateOfBirthProblem(day, now));
  if ('field' in birth) return birth;
  const planText = record.planType?.trim() ?? '';
  // The client's facts take a policy's type too (MAPD is Medicare Advantage, dental is other).
  const policyType = planText ? policyTypeOf(planText) : undefined;
  const planType = planText ? (planTypeOf(planText) ?? (policyType && CLIENT_PLAN_TYPE[policyType])) : null;
  if (planType === undefined) return { field: 'planType', message: `planType must be ${POLICY_TYPE_CHOICES}, not "${planText}"` };
  const effective = csvDate('planEffectiveDate', record.planEffectiveDate, (day) => planEffectiveDateProblem(day, now));
  if ('field' in effective) return effective;
  const carrier = cleanCarrier(record.carrier);
  if (carrier && carrier.length > CARRIER_MAX_LENGTH)
    return { field: 'carrier', message: `carrier must be at most ${CARRIER_MAX_LENGTH} characters` };
  const assignedEmail = normalizeEmail(record.assignedTo);
  if (assignedEmail === undefined)
    return { field: 'assignedTo', message: `assignedTo must be the e-mail of a member of the agency, not "${record.assignedTo?.trim()}"` };
  const policy = policyOfCells(record, effective.day, csvDateOf);
  if (policy && 'field' in policy) return policy;
  return {
    client: {
      firstName,
      lastName,
      email,
      phone,
      zip,
      state,
      language,
      dateOfBirth: birth.day,
      planType,
      planEffectiveDate: effective.day,
      carrier,
      assignedEmail,
      marketingRefused: NO.includes(marketing),
      policy: policy?.policy ?? null,
    },
  };
}

/**
 * Decodes the bytes as UTF-8 and fails on the first invalid byte sequence, where a plain decoder
 * would put U+FFFD in its place: a file saved in another encoding (Excel's "CSV" is Windows-1252)
 * would import every accented name mangled.
 */
function strictUtf8(): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (chunk?: Buffer) => (chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode());
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        done(null, decode(chunk));
      } catch {
        done(new CsvFileException(NOT_UTF8));
      }
    },
    flush(done) {
      try {
        done(null, decode());
      } catch {
        done(new CsvFileException(NOT_UTF8));
      }
    },
  });
}

/**
 * The client rows of a CSV stream, parsed as they arrive (never held whole), each with the file's
 * line it ends on (the header is line 1). A problem with the file as a whole is a CsvFileException;
 * anything else (the storage failing) goes through as it is. Leaving the loop early closes the input.
 */
export async function* readClientCsv(input: Readable): AsyncGenerator<{ record: CsvRecord; line: number }> {
  let sawHeader = false;
  const text = input.pipe(strictUtf8());
  const parser = text.pipe(
    parse({
      bom: true,
      columns: (header: string[]) => {
        sawHeader = true;
        return headerColumns(header);
      },
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      info: true,
      max_record_size: 64 * 1024,
    }),
  );
  input.on('error', (error) => parser.destroy(error));
  text.on('error', (error) => parser.destroy(error));
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: CsvRecord; info: { lines: number } }>) {
      yield { record, line: info.lines };
    }
  } catch (error) {
    if (error instanceof CsvError) throw new CsvFileException(`The file is not a readable CSV: ${error.message}`);
    throw error;
  } finally {
    parser.destroy();
    input.destroy();
  }
  if (!sawHeader) throw new CsvFileException(EMPTY_FILE);
}

/** Reads a file in chunks into one buffer used again and again: no garbage per chunk, however large the file. */
const CHECK_CHUNK_BYTES = 256 * 1024;

/**
 * Where a chunk of UTF-8 can be cut without splitting a character: before a lead byte whose
 * sequence runs past the end (its bytes wait for the next chunk), otherwise at the end.
 */
export function utf8CutPoint(bytes: Uint8Array, length: number): number {
  for (let i = length - 1; i >= Math.max(0, length - 4); i--) {
    const byte = bytes[i];
    if ((byte & 0xc0) === 0x80) continue;
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return i + needed > length ? i : length;
  }
  return length;
}

/**
 * Counts a CSV's client rows on the raw bytes: its non-empty lines after the header (no CSV
 * parsing, so nearly no memory or garbage even for a million rows). A quoted field spanning lines
 * counts twice; the import's own count is exact and replaces this one at the end.
 */
export class CsvLineCounter {
  private lines = 0;
  private content = false;

  add(chunk: Uint8Array, length = chunk.length): void {
    for (let i = 0; i < length; i++) {
      const byte = chunk[i];
      if (byte === 0x0a) {
        if (this.content) this.lines += 1;
        this.content = false;
      } else if (byte !== 0x0d) this.content = true;
    }
  }

  rows(): number {
    return Math.max(0, this.lines + (this.content ? 1 : 0) - 1);
  }
}

/**
 * Checks an uploaded CSV's bytes over the whole file — UTF-8 throughout, no NUL — and answers about
 * how many rows it holds after its header (CsvLineCounter), in one pass. The bytes are checked in
 * place (`isUtf8`) in one buffer read into again and again, not decoded into strings or read into a
 * new buffer each time: a 100 MB file otherwise left about 50 MB of freed buffers in the server's memory.
 */
export async function checkCsvBytes(path: string): Promise<number> {
  const counter = new CsvLineCounter();
  const buffer = Buffer.allocUnsafe(CHECK_CHUNK_BYTES);
  const file = await open(path, 'r');
  try {
    // Bytes of a character split by the last read wait at the buffer's start for the rest.
    let carried = 0;
    for (;;) {
      const { bytesRead } = await file.read(buffer, carried, buffer.length - carried, null);
      const filled = carried + bytesRead;
      if (bytesRead === 0) {
        if (carried > 0) throw new CsvFileException(NOT_UTF8);
        break;
      }
      const fresh = buffer.subarray(carried, filled);
      if (fresh.includes(0)) throw new CsvFileException(HAS_NUL);
      counter.add(fresh);
      const cut = utf8CutPoint(buffer, filled);
      if (!isUtf8(buffer.subarray(0, cut))) throw new CsvFileException(NOT_UTF8);
      buffer.copy(buffer, 0, cut, filled);
      carried = filled - cut;
    }
  } finally {
    await file.close();
  }
  return counter.rows();
}

/**
 * What can be told of an uploaded CSV at once, before its import is queued: that it is UTF-8 text
 * throughout without NUL (PostgreSQL cannot store it; a UTF-16 file is full of them), and that its
 * header has the required columns. The encoding is checked here, over the whole file, so that an
 * import never stops half-way on a bad byte. Answers about how many client rows it holds
 * (CsvLineCounter), counted in the same pass: the total the import's progress runs to.
 */
export async function checkCsvUpload(path: string): Promise<number> {
  const rowsTotal = await checkCsvBytes(path);
  // The header, and the first row (a quote left open shows there).
  const rows = readClientCsv(createReadStream(path));
  await rows.next();
  await rows.return(undefined);
  return rowsTotal;
}

/** CsvLineCounter over a stream (an import queued before its upload was counted). */
export async function countCsvLines(input: AsyncIterable<Buffer>): Promise<number> {
  const counter = new CsvLineCounter();
  for await (const chunk of input) counter.add(chunk);
  return counter.rows();
}
