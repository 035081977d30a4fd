import { randomUUID } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';

import type { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, HttpException, Injectable } from '@nestjs/common';
import { CsvError, parse } from 'csv-parse';
import { CompiledQuery } from 'kysely';

import { textProblem } from '../common/input-safety.js';
import { ConsentService } from '../messaging/consent.service.js';
import type { User } from '../users/user.entity.js';
import { ClientLimitReachedException, ClientsService, CONTACT_CHANNELS } from './clients.service.js';
import { NAME_MAX_LENGTH, normalizeEmail, normalizePhone } from './contact.js';
import type { ImportErrorDto, ImportResultDto } from './dto/client.dto.js';
import { remainingCapacity } from './usage.js';

// Small enough that a batch rarely outlives a young-generation collection (so the parsed rows die
// young instead of being promoted and piling up as old-space garbage across a long import), large
// enough that the round trips stay a small share of the time.
const BATCH_SIZE = 250;
const MAX_REPORTED_ERRORS = 100;
const LIMIT_ROW_MESSAGE = 'Not imported: the client limit was reached';
const REQUIRED = ['firstName', 'lastName', 'phone'] as const;
const KNOWN = ['firstName', 'lastName', 'email', 'phone'] as const;
type Column = (typeof KNOWN)[number];

/** "First Name", "first_name", "FIRSTNAME" all mean firstName. */
function canonicalColumn(header: string): Column | undefined {
  const key = header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
  return KNOWN.find((column) => column.toLowerCase() === key);
}

interface Row {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string;
  line: number;
}

const number = (n: number) => n.toLocaleString('en-US');

export const NOT_UTF8 = 'The file is not UTF-8 text: save it as “CSV UTF-8” and upload it again';

/**
 * Decodes the upload as UTF-8 and fails on the first invalid byte sequence, where a plain decoder
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
        done(new BadRequestException(NOT_UTF8));
      }
    },
    flush(done) {
      try {
        done(null, decode());
      } catch {
        done(new BadRequestException(NOT_UTF8));
      }
    },
  });
}

/**
 * Imports a broker's clients from a CSV stream: parsed as it arrives (never held whole), validated
 * row by row, inserted 250 rows per statement, all in one transaction that holds the broker's
 * lock. Bad rows are skipped and reported; once the client limit is reached, every further row is
 * reported as not imported.
 */
@Injectable()
export class CsvImportService {
  constructor(
    private readonly clients: ClientsService,
    private readonly consent: ConsentService,
  ) {}

  async import(broker: User, input: Readable): Promise<ImportResultDto> {
    try {
      return await this.clients.withBrokerLock(broker, (em, usage) =>
        this.run(em, broker, input, remainingCapacity(usage.tier, usage.activeCount, usage.overageEnabled)),
      );
    } catch (error) {
      input.resume();
      if (error instanceof HttpException) throw error;
      if (error instanceof CsvError) throw new BadRequestException(`The file is not a readable CSV: ${error.message}`);
      throw error;
    }
  }

  private async run(em: EntityManager, broker: User, input: Readable, capacity: number): Promise<ImportResultDto> {
    if (capacity < 1) throw new ClientLimitReachedException();
    const errors: ImportErrorDto[] = [];
    let skipped = 0;
    let overLimit = 0;
    let rows = 0;
    let imported = 0;
    let limitReached = false;
    let sawHeader = false;
    // Duplicates within a batch are caught here; across batches the unique index catches them, so
    // memory stays bounded by the batch, not the file.
    const seenPhones = new Set<string>();
    let batch: Row[] = [];

    const report = (line: number, field: string, message: string) => {
      if (errors.length < MAX_REPORTED_ERRORS) errors.push({ row: line, field, message });
    };
    const reject = (line: number, field: string, message: string) => {
      skipped += 1;
      report(line, field, message);
    };

    /** Inserts the pending rows; the caller never lets them exceed the remaining capacity. */
    const flush = async () => {
      if (batch.length === 0) return;
      const inserted = await this.insert(em, broker.id, batch);
      await this.consent.record(
        batch.filter((row) => inserted.has(row.phone)).map((row) => row.id),
        CONTACT_CHANNELS,
        true,
        'import',
        em,
      );
      for (const row of batch) {
        if (!inserted.has(row.phone)) reject(row.line, 'phone', `A client with the phone number ${row.phone} already exists`);
      }
      imported += inserted.size;
      batch = [];
      seenPhones.clear();
    };

    const text = input.pipe(strictUtf8());
    const parser = text.pipe(
      parse({
        bom: true,
        columns: (header: string[]) => {
          sawHeader = true;
          const columns = header.map((name) => canonicalColumn(name) ?? false);
          const missing = REQUIRED.filter((required) => !columns.includes(required));
          if (missing.length > 0) {
            throw new BadRequestException(
              `The file is missing the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (expected firstName, lastName, email, phone)`,
            );
          }
          return columns;
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

    for await (const { record, info } of parser as AsyncIterable<{ record: Partial<Record<Column, string>>; info: { lines: number } }>) {
      rows += 1;
      const line = info.lines;
      const unstorable = KNOWN.find((column) => record[column] !== undefined && textProblem(record[column]));
      if (unstorable) {
        reject(line, unstorable, `${unstorable} ${textProblem(record[unstorable]!)}`);
        continue;
      }
      const firstName = record.firstName?.trim() ?? '';
      const lastName = record.lastName?.trim() ?? '';
      if (!firstName) {
        reject(line, 'firstName', 'firstName is required');
        continue;
      }
      if (!lastName) {
        reject(line, 'lastName', 'lastName is required');
        continue;
      }
      if (firstName.length > NAME_MAX_LENGTH || lastName.length > NAME_MAX_LENGTH) {
        reject(line, firstName.length > NAME_MAX_LENGTH ? 'firstName' : 'lastName', `Names are at most ${NAME_MAX_LENGTH} characters`);
        continue;
      }
      const phone = normalizePhone(record.phone);
      if (!phone) {
        reject(line, 'phone', record.phone?.trim() ? `"${record.phone.trim()}" is not a valid phone number` : 'phone is required');
        continue;
      }
      const email = normalizeEmail(record.email);
      if (email === undefined) {
        reject(line, 'email', `"${record.email?.trim()}" is not a valid e-mail address`);
        continue;
      }
      if (seenPhones.has(phone)) {
        reject(line, 'phone', `The phone number ${phone} appears earlier in the file`);
        continue;
      }
      if (!limitReached && imported + batch.length >= capacity) {
        // No room for this row unless pending rows turn out to be duplicates.
        await flush();
        limitReached = imported >= capacity;
      }
      if (limitReached) {
        // The rest of the file is still read so that every row left out is reported.
        overLimit += 1;
        report(line, 'limit', LIMIT_ROW_MESSAGE);
        continue;
      }
      seenPhones.add(phone);
      batch.push({ id: randomUUID(), firstName, lastName, email, phone, line });
      if (batch.length >= BATCH_SIZE) await flush();
    }
    await flush();

    if (!sawHeader) throw new BadRequestException('The file is empty');
    return {
      count: imported,
      partial: limitReached || skipped > 0,
      limitReached,
      errors,
      message: this.summary(imported, rows, skipped, overLimit),
    };
  }

  private summary(imported: number, rows: number, skipped: number, overLimit: number): string {
    if (overLimit > 0) {
      const plural = (n: number) => `${number(n)} row${n === 1 ? '' : 's'}`;
      return (
        `Client limit reached: imported ${number(imported)} clients before the limit; ${plural(overLimit)} not imported because of the limit` +
        `${skipped ? `; ${plural(skipped)} skipped for errors` : ''}. Upgrade your plan to import the rest.`
      );
    }
    if (rows === 0) return 'The file has a header but no client rows';
    if (skipped === 0) return `Imported ${number(imported)} client${imported === 1 ? '' : 's'}`;
    return `Imported ${number(imported)} of ${number(rows)} clients; ${number(skipped)} row${skipped === 1 ? '' : 's'} skipped`;
  }

  /** One multi-row INSERT; answers the phones actually inserted (the others already existed). */
  private async insert(em: EntityManager, brokerId: string, rows: Row[]): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    // The rows travel as one JSON parameter: one statement and one round trip per batch. The JSON
    // text is written directly (no intermediate array of objects for every batch).
    let json = '[';
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      if (i > 0) json += ',';
      json += `{"id":"${r.id}","first_name":${JSON.stringify(r.firstName)},"last_name":${JSON.stringify(r.lastName)},"email":${r.email === null ? 'null' : JSON.stringify(r.email)},"phone":${JSON.stringify(r.phone)}}`;
    }
    json += ']';
    // The JSON goes as a bind parameter, as it is: not escaped into a copy inside the statement's text.
    const { rows: inserted } = await em.getKysely().executeQuery<{ phone: string }>(
      CompiledQuery.raw(
        `insert into clients (id, broker_id, first_name, last_name, email, phone)
         select r.id, $1::uuid, r.first_name, r.last_name, r.email, r.phone
           from json_to_recordset($2::json) as r(id uuid, first_name text, last_name text, email text, phone text)
         on conflict (broker_id, phone) do nothing
         returning phone`,
        [brokerId, json],
      ),
    );
    return new Set(inserted.map((row) => row.phone));
  }
}
