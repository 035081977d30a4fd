import { describe, expect, it } from 'vitest';

import { importErrorsCsv, importErrorsFileName } from './importErrors.ts';

/** The one data row of a file with one error whose message is `message`, without the BOM. */
const messageCell = (message: string) =>
  importErrorsCsv([{ row: 2, field: 'phone', message }])
    .slice(1)
    .split('\r\n')[1];

describe('the rows not imported as CSV', () => {
  it.each([
    ['plain text', '2,phone,plain text'],
    ['=1+2', "2,phone,'=1+2"],
    ['+1 615 555 0142', "2,phone,'+1 615 555 0142"],
    ['-5', "2,phone,'-5"],
    ['@SUM(A1)', "2,phone,'@SUM(A1)"],
    ['\t=1', "2,phone,'\t=1"],
    ['a, b', '2,phone,"a, b"'],
    ['say "hi"', '2,phone,"say ""hi"""'],
    ['=cmd|"x"', `2,phone,"'=cmd|""x"""`],
  ])('writes the message %j as %j', (message, line) => {
    expect(messageCell(message)).toBe(line);
  });

  it('starts with a byte order mark and the header, one CRLF line per error', () => {
    expect(importErrorsCsv([])).toBe('\uFEFFline,field,error\r\n');
  });

  it.each([
    ['clients.csv', 'clients-errors'],
    ['October leads.CSV', 'October leads-errors'],
    ['export', 'export-errors'],
    ['.csv', 'import-errors'],
  ])('names the download after %j: %j', (name, download) => {
    expect(importErrorsFileName(name)).toBe(download);
  });
});
