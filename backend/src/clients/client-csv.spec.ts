import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';

import {
  canonicalColumn,
  checkCsvUpload,
  checkRow,
  countCsvLines,
  type CsvRecord,
  HAS_NUL,
  headerColumns,
  NOT_UTF8,
  readClientCsv,
  utf8CutPoint,
} from './client-csv.js';

describe('canonicalColumn', () => {
  it.each([
    ['firstName', 'firstName'],
    ['First Name', 'firstName'],
    ['first_name', 'firstName'],
    ['FIRSTNAME', 'firstName'],
    [' last-name ', 'lastName'],
    ['E-mail', 'email'],
    ['EMAIL', 'email'],
    ['ZIP Code', 'zip'],
    ['Marketing Consent', 'marketingConsent'],
    ['Phone', 'phone'],
    ['notes', undefined],
  ])('reads %j as %j', (header, column) => {
    expect(canonicalColumn(header)).toBe(column);
  });
});

describe('headerColumns', () => {
  it('maps known columns and ignores the others', () => {
    expect(headerColumns(['Phone', 'notes', 'first_name', 'Last Name'])).toEqual(['phone', false, 'firstName', 'lastName']);
  });

  it.each([
    [
      ['firstName', 'lastName'],
      "The file is missing the column phone (expected firstName, lastName, email, phone; optional zip, state, marketingConsent, language, date_of_birth, plan_type, plan_effective_date, carrier, assignedTo, and a policy's planName, planId, medigapPlan, policyStatus, premium, terminationDate, terminationReason)",
    ],
    [
      ['firstName', 'email'],
      "The file is missing the columns lastName, phone (expected firstName, lastName, email, phone; optional zip, state, marketingConsent, language, date_of_birth, plan_type, plan_effective_date, carrier, assignedTo, and a policy's planName, planId, medigapPlan, policyStatus, premium, terminationDate, terminationReason)",
    ],
  ])('refuses %j', (header, message) => {
    expect(() => headerColumns(header)).toThrow(message);
  });
});

describe('checkRow', () => {
  const row = (fields: CsvRecord): CsvRecord => ({ firstName: 'Ruth', lastName: 'Alvarez', email: '', phone: '(615) 555-0101', ...fields });

  it('answers the client with the phone in E.164 and an empty e-mail as null', () => {
    expect(checkRow(row({}))).toEqual({
      client: {
        firstName: 'Ruth',
        lastName: 'Alvarez',
        email: null,
        phone: '+16155550101',
        zip: null,
        state: null,
        language: 'en',
        dateOfBirth: null,
        planType: null,
        planEffectiveDate: null,
        carrier: null,
        assignedEmail: null,
        marketingRefused: false,
        policy: null,
      },
    });
    expect(checkRow(row({ email: 'Ruth@Example.com' }))).toMatchObject({
      client: { email: expect.stringMatching(/^ruth@example\.com$/i) },
    });
  });

  it.each([
    [{ firstName: '' }, 'firstName', 'firstName is required'],
    [{ firstName: undefined }, 'firstName', 'firstName is required'],
    [{ lastName: ' ' }, 'lastName', 'lastName is required'],
    [{ lastName: 'x'.repeat(101) }, 'lastName', 'Names are at most 100 characters'],
    [{ phone: '' }, 'phone', 'phone is required'],
    [{ phone: '12' }, 'phone', '"12" is not a valid phone number'],
    [{ email: 'not-an-email' }, 'email', '"not-an-email" is not a valid e-mail address'],
    [{ firstName: 'Nu\u0000l' }, 'firstName', 'firstName contains a NUL character, which is not allowed'],
    [{ zip: '3360' }, 'zip', '"3360" is not a 5-digit ZIP code'],
    [{ state: 'Florida' }, 'state', '"Florida" is not a two-letter US state code'],
    [{ zip: '10001', state: 'FL' }, 'zip', 'ZIP code 10001 is in NY, not FL'],
    [{ marketingConsent: 'maybe' }, 'marketingConsent', 'marketingConsent must be yes or no, not "maybe"'],
    [{ language: 'fr' }, 'language', 'language must be en (English) or es (Spanish), not "fr"'],
  ] as [CsvRecord, string, string][])('reports %j as %s: %s', (fields, field, message) => {
    expect(checkRow(row(fields))).toEqual({ field, message });
  });
});

describe('checkRow: where the client lives and their marketing permission', () => {
  const row = (fields: CsvRecord): CsvRecord => ({ firstName: 'Ruth', lastName: 'Alvarez', phone: '(615) 555-0101', ...fields });

  it('takes the state from the ZIP code, keeps five digits of a ZIP+4, and reads yes and no', () => {
    expect(checkRow(row({ zip: '33602-1234' }))).toMatchObject({ client: { zip: '33602', state: 'FL' } });
    expect(checkRow(row({ state: ' tx ' }))).toMatchObject({ client: { zip: null, state: 'TX' } });
    expect(checkRow(row({ marketingConsent: 'No' }))).toMatchObject({ client: { marketingRefused: true } });
    expect(checkRow(row({ marketingConsent: 'yes' }))).toMatchObject({ client: { marketingRefused: false } });
  });

  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['es', 'es'],
    ['ES', 'es'],
    ['Spanish', 'es'],
    ['Español', 'es'],
    ['es-US', 'es'],
    ['English', 'en'],
  ])('reads the language %j as %j', (language, expected) => {
    expect(checkRow(row({ language }))).toMatchObject({ client: { language: expected } });
  });
});

describe('readClientCsv', () => {
  async function read(text: string | Buffer): Promise<{ record: CsvRecord; line: number }[]> {
    const rows = [];
    for await (const row of readClientCsv(Readable.from([Buffer.from(text)]))) rows.push(row);
    return rows;
  }

  it('gives each row with the line it ends on, across blank lines and quoted line breaks', async () => {
    const rows = await read('\uFEFFfirstName,lastName,phone\r\nAnn,Lee,1\r\n\r\n"Bo\nB",Diaz,2\r\nCy,Li,3\r\n');
    expect(rows.map((row) => [row.record.firstName, row.line])).toEqual([
      ['Ann', 2],
      ['Bo\nB', 5],
      ['Cy', 6],
    ]);
  });

  it.each([
    ['', 'The file is empty'],
    ['\n\n', 'The file is empty'],
    [
      'firstName,lastName\nAnn,Lee\n',
      "The file is missing the column phone (expected firstName, lastName, email, phone; optional zip, state, marketingConsent, language, date_of_birth, plan_type, plan_effective_date, carrier, assignedTo, and a policy's planName, planId, medigapPlan, policyStatus, premium, terminationDate, terminationReason)",
    ],
    [Buffer.from('firstName,lastName,phone\nJos\xe9,Li,1\n', 'latin1'), 'The file is not UTF-8 text'],
    ['firstName,lastName,phone\nAnn,"Le"e,1\n', 'The file is not a readable CSV: Invalid Closing Quote'],
  ])('refuses %j as a whole', async (text, message) => {
    await expect(read(text)).rejects.toThrow(message);
  });
});

describe('countCsvLines', () => {
  const count = (...chunks: string[]) =>
    countCsvLines(
      (async function* () {
        for (const chunk of chunks) yield Buffer.from(chunk);
      })(),
    );

  it('counts the non-empty lines after the header, across chunks, with or without a final line break', async () => {
    expect(await count('firstName,lastName,phone\n', 'Ann,Lee,+16155550101\nBo', 'b,Ray,+16155550102\n')).toBe(2);
    expect(await count('firstName,lastName,phone\r\nAnn,Lee,+16155550101\r\n\r\nBob,Ray,+16155550102')).toBe(2);
  });

  it('answers 0 for a header alone or an empty file', async () => {
    expect(await count('firstName,lastName,phone\n')).toBe(0);
    expect(await count('')).toBe(0);
  });
});

describe('checkCsvUpload', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'csv-check-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const check = async (bytes: Buffer) => {
    const path = join(dir, 'upload.csv');
    await writeFile(path, bytes);
    return checkCsvUpload(path);
  };
  const HEADER = 'firstName,lastName,phone\n';
  /** A file whose every line is `line`, longer than the check's 256 kB reads, so characters fall across them. */
  const big = (line: string, lines: number) => Buffer.from(HEADER + line.repeat(lines));

  it('counts the rows of a large file whose accented letters, symbols and emoji fall across its reads', async () => {
    for (const name of ['José', 'Nuñez€', 'Ana 👵🏽', 'Zoë', 'Ωmega 漢字']) {
      // Line lengths that are not a divisor of the read size put every byte offset of a character at a read's end.
      for (const pad of ['', 'x', 'xy', 'xyz']) {
        expect(await check(big(`${name}${pad},Lee,+16155550101\n`, 20_000))).toBe(20_000);
      }
    }
  });

  it('refuses a byte that is not UTF-8 anywhere, also at a read boundary or cut off at the end', async () => {
    const good = big('Ann,Lee,+16155550101\n', 20_000);
    for (const at of [30, 256 * 1024 - 1, 256 * 1024, 256 * 1024 + 1, good.length - 2]) {
      const bad = Buffer.from(good);
      bad[at] = 0xff;
      await expect(check(bad)).rejects.toThrow(NOT_UTF8);
    }
    // Latin-1 "é" (one byte), a character cut off at the very end, an overlong encoding, a lone surrogate.
    for (const tail of [[0xe9], [0xc3], [0xe2, 0x82], [0xc0, 0xaf], [0xed, 0xa0, 0x80]]) {
      await expect(check(Buffer.concat([good, Buffer.from(tail)]))).rejects.toThrow(NOT_UTF8);
    }
  });

  it('refuses a NUL anywhere, as in a UTF-16 file', async () => {
    const withNul = Buffer.concat([big('Ann,Lee,+16155550101\n', 20_000), Buffer.from([0]), Buffer.from('Bo,Ray,+16155550102\n')]);
    await expect(check(withNul)).rejects.toThrow(HAS_NUL);
    await expect(check(Buffer.from(HEADER, 'utf16le'))).rejects.toThrow(HAS_NUL);
  });

  it('cuts a chunk before a character that runs past its end, and only then', () => {
    const bytes = Buffer.from('a€'); // 61 e2 82 ac
    expect(utf8CutPoint(bytes, 4)).toBe(4);
    expect(utf8CutPoint(bytes, 3)).toBe(1);
    expect(utf8CutPoint(bytes, 2)).toBe(1);
    expect(utf8CutPoint(bytes, 1)).toBe(1);
    expect(utf8CutPoint(Buffer.from('👵'), 3)).toBe(0);
  });
});

describe('checkRow: date of birth, plan and carrier', () => {
  const row = (fields: CsvRecord): CsvRecord => ({ firstName: 'Ruth', lastName: 'Alvarez', phone: '(615) 555-0101', ...fields });
  const now = new Date('2026-11-26T12:00:00Z');

  it('reads the column names spreadsheets use', () => {
    expect(['date_of_birth', 'Date Of Birth', 'DOB', 'plan_type', 'Plan Effective Date', 'Carrier'].map(canonicalColumn)).toEqual([
      'dateOfBirth',
      'dateOfBirth',
      'dateOfBirth',
      'planType',
      'planEffectiveDate',
      'carrier',
    ]);
  });

  it.each([
    [{ dateOfBirth: '1958-04-23' }, { dateOfBirth: '1958-04-23' }],
    [{ dateOfBirth: '4/3/1958' }, { dateOfBirth: '1958-04-03' }],
    [{ dateOfBirth: '12/31/1960' }, { dateOfBirth: '1960-12-31' }],
    [{ planType: 'Medicare Advantage' }, { planType: 'medicare_advantage' }],
    [{ planType: 'ma' }, { planType: 'medicare_advantage' }],
    [{ planType: 'PART D' }, { planType: 'part_d' }],
    [{ planType: 'pdp' }, { planType: 'part_d' }],
    [{ planType: 'part_d' }, { planType: 'part_d' }],
    [{ planType: 'Medicare  Supplement' }, { planType: 'medigap' }],
    [{ planType: 'MEDIGAP' }, { planType: 'medigap' }],
    [{ planType: 'Other' }, { planType: 'other' }],
    [{ planEffectiveDate: '1/1/2027' }, { planEffectiveDate: '2027-01-01' }],
    [{ carrier: '  Humana ' }, { carrier: 'Humana' }],
    [
      { dateOfBirth: '', planType: ' ', planEffectiveDate: '', carrier: '' },
      { dateOfBirth: null, planType: null, planEffectiveDate: null, carrier: null },
    ],
  ])('keeps %j as %j', (fields, expected) => {
    expect(checkRow(row(fields), now)).toMatchObject({ client: expected });
  });

  it.each([
    [{ dateOfBirth: '2/30/1950' }, 'dateOfBirth', 'dateOfBirth "2/30/1950" is not a real date (YYYY-MM-DD or M/D/YYYY)'],
    [{ dateOfBirth: '1950-13-01' }, 'dateOfBirth', 'dateOfBirth "1950-13-01" is not a real date (YYYY-MM-DD or M/D/YYYY)'],
    [{ dateOfBirth: '1899-12-31' }, 'dateOfBirth', 'dateOfBirth must be between 1900-01-01 and today'],
    [{ dateOfBirth: '2026-11-27' }, 'dateOfBirth', 'dateOfBirth must be between 1900-01-01 and today'],
    [
      { planType: 'PPO' },
      'planType',
      'planType must be Medicare Advantage (MA), MAPD, Part D (PDP), Medigap (Medicare Supplement), Dental, Vision or Other, not "PPO"',
    ],
    [{ planEffectiveDate: '1965-06-30' }, 'planEffectiveDate', 'planEffectiveDate must be between 1965-07-01 and a year from today'],
    [{ planEffectiveDate: '2027-11-27' }, 'planEffectiveDate', 'planEffectiveDate must be between 1965-07-01 and a year from today'],
    [{ carrier: 'x'.repeat(101) }, 'carrier', 'carrier must be at most 100 characters'],
  ])('refuses %j naming %s', (fields, field, message) => {
    expect(checkRow(row(fields), now)).toEqual({ field, message });
  });
});

describe('checkRow: a policy (docs/policies.md "In CSV files")', () => {
  const row = (fields: CsvRecord): CsvRecord => ({ firstName: 'Ruth', lastName: 'Alvarez', phone: '(615) 555-0101', ...fields });
  const MAPD = { carrier: 'Humana', planName: 'Humana Gold Plus (HMO)', planType: 'MAPD', planEffectiveDate: '1/1/2026' };

  it('reads the column names of the export and those spreadsheets use', () => {
    expect(
      [
        'Plan name',
        'Plan',
        'Plan ID',
        'CMS Plan ID',
        'Plan type',
        'Plan status',
        'Policy Status',
        'Effective date',
        'Medigap plan',
        'Monthly Premium',
        'Term Date',
        'termination_reason',
      ].map(canonicalColumn),
    ).toEqual([
      'planName',
      'planName',
      'planId',
      'planId',
      'planType',
      'policyStatus',
      'policyStatus',
      'planEffectiveDate',
      'medigapPlan',
      'premium',
      'terminationDate',
      'terminationReason',
    ]);
  });

  it('makes a policy of a carrier and a plan name, with the plan ID as CMS writes it and the premium in cents', () => {
    const checked = checkRow(row({ ...MAPD, planId: 'h1234 001', policyStatus: 'Active', premium: '$1,025.5' }));
    expect(checked).toMatchObject({
      client: {
        carrier: 'Humana',
        planType: 'medicare_advantage',
        planEffectiveDate: '2026-01-01',
        policy: {
          carrier: 'Humana',
          planName: 'Humana Gold Plus (HMO)',
          planId: 'H1234-001-000',
          planType: 'mapd',
          medigapPlan: null,
          status: 'active',
          effectiveDate: '2026-01-01',
          terminationDate: null,
          terminationReason: null,
          premiumCents: 102550,
        },
      },
    });
  });

  it.each([
    [
      { carrier: 'Mutual of Omaha', planName: 'Plan G', planType: 'Medicare Supplement', medigapPlan: 'plan g' },
      { planType: 'medigap', medigapPlan: 'G', status: 'pending' },
    ],
    [
      { carrier: 'Aetna', planName: 'Rx Saver', planType: 'part d', planId: 'S5601-042-000' },
      { planType: 'pdp', planId: 'S5601-042-000' },
    ],
    [
      { carrier: 'Delta', planName: 'Dental', planType: 'dental', premium: '0' },
      { planType: 'dental', premiumCents: 0 },
    ],
    [
      { ...MAPD, policyStatus: 'terminated', terminationDate: '12/31/2026', terminationReason: 'Switched agent' },
      { status: 'terminated', terminationDate: '2026-12-31', terminationReason: 'switched_agent' },
    ],
    [{ ...MAPD, policyStatus: 'TERMINATED', terminationDate: '2026-12-31' }, { terminationReason: 'other' }],
  ] as [CsvRecord, object][])('reads %j', (fields, policy) => {
    expect(checkRow(row(fields))).toMatchObject({ client: { policy } });
  });

  it('makes no policy of a carrier alone (the client’s own carrier), nor of empty policy cells', () => {
    expect(checkRow(row({ carrier: 'Humana', planType: 'MAPD', planName: ' ', premium: '' }))).toMatchObject({
      client: { carrier: 'Humana', planType: 'medicare_advantage', policy: null },
    });
  });

  it.each([
    [{ ...MAPD, planId: 'H12-1' }, 'planId', 'planId must be a CMS plan ID such as H1234-001-000'],
    [
      { ...MAPD, planType: 'pdp', planId: 'H1234-001' },
      'planId',
      'A Part D plan’s contract starts with S (or E for an employer plan), not H',
    ],
    [{ ...MAPD, planType: 'medigap' }, 'medigapPlan', 'Choose the Medigap plan’s letter'],
    [{ ...MAPD, medigapPlan: 'G' }, 'medigapPlan', 'Only a Medigap policy has a plan letter'],
    [{ ...MAPD, medigapPlan: 'Z' }, 'medigapPlan', 'medigapPlan must be one of A, B, C, D, F, HDF, G, HDG, K, L, M, N, not "Z"'],
    [{ ...MAPD, policyStatus: 'terminated' }, 'terminationDate', 'Give the date the terminated policy ended'],
    [
      { ...MAPD, policyStatus: 'terminated', terminationDate: '12/31/2025' },
      'terminationDate',
      'A policy cannot end before its effective date',
    ],
    [{ ...MAPD, terminationReason: 'moved' }, 'terminationReason', 'Only a terminated policy has a termination'],
    [
      { ...MAPD, policyStatus: 'lapsed' },
      'policyStatus',
      'policyStatus must be one of pending, active, terminated, declined, not "lapsed"',
    ],
    [
      { ...MAPD, premium: '25.505' },
      'premium',
      'premium must be the monthly premium in dollars, from 0 to 100,000 (e.g. 25.50), not "25.505"',
    ],
    [{ ...MAPD, premium: '-5' }, 'premium', 'premium must be the monthly premium in dollars, from 0 to 100,000 (e.g. 25.50), not "-5"'],
    [
      { ...MAPD, terminationDate: '2/30/2026' },
      'terminationDate',
      'terminationDate "2/30/2026" is not a real date (YYYY-MM-DD or M/D/YYYY)',
    ],
    [{ ...MAPD, planType: '' }, 'planType', 'planType is required for a policy (the row gives planName)'],
    [{ ...MAPD, carrier: '' }, 'carrier', 'carrier is required for a policy (the row gives planName)'],
    [{ ...MAPD, planName: 'x'.repeat(201) }, 'planName', 'planName must be at most 200 characters'],
    [{ carrier: 'Humana', planId: 'H1234-001' }, 'planName', 'planName is required for a policy (the row gives planId)'],
  ] as [CsvRecord, string, string][])('refuses %j naming %s', (fields, field, message) => {
    expect(checkRow(row(fields))).toEqual({ field, message });
  });
});
