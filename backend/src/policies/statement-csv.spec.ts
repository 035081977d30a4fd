import { Readable } from 'node:stream';

import { parse } from 'csv-parse';

import {
  type CsvRecord,
  guessMapping,
  mappingProblem,
  nameKeys,
  parseAmountCents,
  parsePeriod,
  planKeyOf,
  readRow,
  readStatementCsvBatches,
} from './statement-csv.js';

describe('parseAmountCents', () => {
  it.each([
    ['$1,234.56', 123_456],
    ['1234.5', 123_450],
    ['51', 5_100],
    ['-12.00', -1_200],
    ['(12.00)', -1_200],
    ['($12.00)', -1_200],
    ['12.00-', -1_200],
    ['-$5', -500],
    ['USD 7.25', 725],
    ['.5', 50],
    ['0.00', 0],
  ])('reads %s as %d cents', (text, cents) => expect(parseAmountCents(text)).toBe(cents));

  it.each(['', 'fifty', '1,23.00', '1.234', '$', '=1+1', '1e5', '2,000,000.00'])('refuses %j', (text) =>
    expect(parseAmountCents(text)).toBeUndefined(),
  );
});

describe('parsePeriod', () => {
  it.each([
    ['2026-01', '2026-01-01'],
    ['202602', '2026-02-01'],
    ['2026/03', '2026-03-01'],
    ['04/2026', '2026-04-01'],
    ['4/2026', '2026-04-01'],
    ['Jan 2026', '2026-01-01'],
    ['January-2026', '2026-01-01'],
    ['Sept. 2026', '2026-09-01'],
    ['2026-05-17', '2026-05-01'],
    ['05/17/2026', '2026-05-01'],
    ['5/17/26', '2026-05-01'],
  ])('reads %s as the month of %s', (text, month) => expect(parsePeriod(text)).toBe(month));

  it.each(['', '2026-13', '13/2026', 'Foo 2026', '02/30/2026', '1850-01'])('refuses %j', (text) =>
    expect(parsePeriod(text)).toBeUndefined(),
  );
});

describe('nameKeys', () => {
  it.each([
    ['DIAZ, ROSA M', { first: 'rosa', last: 'diaz' }],
    ['Díaz, Rosa', { first: 'rosa', last: 'diaz' }],
    ['Rosa M. Díaz', { first: 'rosa', last: 'diaz' }],
    ['John Smith Jr.', { first: 'john', last: 'smith' }],
    ["O'Brien, Mary-Kate", { first: 'marykate', last: 'obrien' }],
    ['Garcia Lopez, Ana', { first: 'ana', last: 'garcialopez' }],
    ['Cher', { first: null, last: 'cher' }],
    ['  ', { first: null, last: null }],
  ])('reads %s', (name, keys) => expect(nameKeys(name)).toEqual(keys));
});

describe('the plan and the mapping', () => {
  it('keeps a plan ID’s contract and package, whatever the form', () => {
    expect(['H1234-001-000', 'h1234001', 'H1234 001 002', 'nope'].map(planKeyOf)).toEqual(['H1234-001', 'H1234-001', 'H1234-001', null]);
  });

  it('guesses the fields from usual headers, each header once', () => {
    expect(guessMapping(['Member ID', 'Member Name', 'Plan ID', 'Commission Amount', 'Pay Period', 'Effective Date', 'Notes'])).toEqual({
      memberId: 'Member ID',
      memberName: 'Member Name',
      planId: 'Plan ID',
      amount: 'Commission Amount',
      period: 'Pay Period',
      effectiveDate: 'Effective Date',
    });
    expect(guessMapping(['a', 'b'])).toEqual({});
  });

  it('needs a member, an amount and a month, from columns the file has', () => {
    const headers = ['Name', 'Amount', 'Month'];
    expect(mappingProblem({ memberName: 'Name', amount: 'Amount', period: 'Month' }, headers)).toBeUndefined();
    expect(mappingProblem({ amount: 'Amount', period: 'Month' }, headers)?.field).toBe('memberId');
    expect(mappingProblem({ memberName: 'Name', period: 'Month' }, headers)?.field).toBe('amount');
    expect(mappingProblem({ memberName: 'Name', amount: 'Amount' }, headers)?.field).toBe('period');
    expect(mappingProblem({ memberName: 'Nom', amount: 'Amount', period: 'Month' }, headers)).toEqual({
      field: 'memberName',
      message: 'The file has no column “Nom”',
    });
  });

  it('reads a row through the mapping, and says what is wrong with one it cannot read', () => {
    const columns = { memberId: 0, memberName: 1, planId: 2, amount: 3, period: 4 };
    expect(readRow(['hum1', 'DIAZ, ROSA', 'H1234-001', '$51.00', '2026-02'], 2, columns)).toEqual({
      line: 2,
      memberId: 'HUM1',
      memberName: 'DIAZ, ROSA',
      planKey: 'H1234-001',
      firstKey: 'rosa',
      lastKey: 'diaz',
      period: '2026-02-01',
      effectiveDate: null,
      amountCents: 5_100,
      problem: null,
    });
    expect(readRow(['', 'Rosa Diaz', '', '', '2026-02'], 3, columns).problem).toBe('No amount');
    expect(readRow(['', 'Rosa Diaz', '', '1', 'soon'], 3, columns).problem).toBe('The month is not one such as 2026-01 or 01/2026');
    expect(readRow(['', '', '', '1', '2026-02'], 3, columns).problem).toBe('No member ID or name');
    expect(readRow(['x'.repeat(100), '', '', '1', '2026-02'], 3, columns).memberId).toHaveLength(40);
  });
});

describe('reading a statement file', () => {
  /** The rows as csv-parse reads a statement, or its error: what readStatementCsvBatches must give. */
  async function byCsvParse(bytes: Buffer): Promise<CsvRecord[] | string> {
    const rows: CsvRecord[] = [];
    try {
      const parser = Readable.from([bytes]).pipe(
        parse({ bom: true, skip_empty_lines: true, relax_column_count: true, trim: true, info: true, max_record_size: 64 * 1024 }),
      );
      for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>)
        rows.push({ cells: record, line: info.lines });
      return rows;
    } catch (error) {
      return `The file is not a readable CSV: ${(error as Error).message}`;
    }
  }

  /** The rows as the import reads them, the file arriving in pieces of `size` bytes. */
  async function byImport(bytes: Buffer, size: number): Promise<CsvRecord[] | string> {
    const pieces: Buffer[] = [];
    for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
    const rows: CsvRecord[] = [];
    try {
      for await (const batch of readStatementCsvBatches(Readable.from(pieces))) rows.push(...batch);
      return rows;
    } catch (error) {
      return (error as Error).message;
    }
  }

  const files = [
    'Member ID,Member Name,Plan ID\nM1,"DOE, JANE",H1234-001\n\n  \nM2 , Rosa Díaz ,\n',
    'a,b\r\n"x ""quoted"" y",2\r\n\r\n,\r\nlast,line',
    '\uFEFFa,b\n"one\nfield over lines",2\nthird,3\n',
    'a,b\n  "spaced"  ,  "quotes"\t\nc,d',
    'a,b\nx,"unclosed\n',
    'a,b\nx,y"z\nq,r\n',
    'a,b\nx,"y"z\nq,r\n',
    'a,b\nx,"y" z\n',
    'a,b\nmixed\r\nends\nhere\r\n',
    'a,b\rmac,ends\r',
    'a,b\nlone\rreturn\nx,y\n',
    '\r\n\r\na,b\r\nx,y\r\n',
    '""\n"",""\n',
    `a\n${'x'.repeat(20_000)},y\nz\n`,
    `a\n${'x'.repeat(70_000)}\n`,
    'a,b\n\u00a0\u2028,\ufeffx\n',
    'a,b,c\n x ,"q",\t y \n"",\u3000z\u3000,""\n',
  ];

  it.each(files.map((file, i) => [i, file]))('reads file %i as csv-parse does, whatever the pieces it comes in', async (_, file) => {
    const bytes = Buffer.from(file as string);
    const expected = await byCsvParse(bytes);
    for (const size of bytes.length > 1_000 ? [999, 64 * 1024] : [1, 2, 3, 5, 64 * 1024])
      expect(await byImport(bytes, size)).toEqual(expected);
  });

  it('reads random files as csv-parse does', async () => {
    // A fixed sequence of files made of the characters that matter to CSV.
    const alphabet = ['a', 'b', 'é', ',', ',', '"', ' ', '\t', '\n', '\n', '\r', '\r\n', '\u00a0', '\uFEFF', '1'];
    let seed = 51;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let file = 0; file < 400; file++) {
      let text = random(4) === 0 ? '\uFEFF' : '';
      const length = 1 + random(60);
      for (let i = 0; i < length; i++) text += alphabet[random(alphabet.length)];
      const bytes = Buffer.from(text);
      const expected = await byCsvParse(bytes);
      expect({ text, rows: await byImport(bytes, 1 + random(8)) }).toEqual({ text, rows: expected });
      expect({ text, rows: await byImport(bytes, 64 * 1024) }).toEqual({ text, rows: expected });
    }
  });

  it('reads a file csv-parse cannot read as a problem with the file', async () => {
    await expect(byImport(Buffer.from('a,b\nx,"y" z\n'), 64 * 1024)).resolves.toMatch(
      /^The file is not a readable CSV: Invalid Closing Quote/,
    );
  });
});
