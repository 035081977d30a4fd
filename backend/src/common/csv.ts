/** Characters that make a spreadsheet read a cell as a formula (or a command, with tab and carriage return). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: quoted when it holds a comma, quote or line break, and neutralised when a
 * spreadsheet would take it for a formula (a leading `'` keeps it text: `=SUM(A1)` → `'=SUM(A1)`).
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (CRLF-terminated, as RFC 4180 and spreadsheets expect). */
export function csvLine(cells: (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
