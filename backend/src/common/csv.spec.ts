import { csvCell, csvLine } from './csv.js';

describe('CSV cells', () => {
  it.each([
    ['=HYPERLINK("http://x.test","Click")', `"'=HYPERLINK(""http://x.test"",""Click"")"`],
    ['+1 555', "'+1 555"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\r=1', `"'\r=1"`],
  ])('neutralises %j so a spreadsheet keeps it text', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('quotes commas, quotes and line breaks, and leaves plain text and numbers alone', () => {
    expect(csvCell('Hughes, Margaret')).toBe('"Hughes, Margaret"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('Margaret')).toBe('Margaret');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['a', 72, null, '=1'])).toBe("a,72,,'=1\r\n");
  });
});
