import type { ImportError } from '../types.ts';

/**
 * One CSV cell. Text a spreadsheet would run as a formula (starting with = + - @, or a tab or
 * carriage return before one) starts with a single quote instead: the file holds what people typed.
 */
function cell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The rows not imported as a CSV (line, field, error), for the broker to fix them in their
 * spreadsheet; with a byte order mark, so that Excel reads it as UTF-8.
 */
export function importErrorsCsv(errors: ImportError[]): string {
  const lines = [['line', 'field', 'error'], ...errors.map((error) => [error.row, error.field, error.message])];
  return `\uFEFF${lines.map((line) => line.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** 'October leads.csv' → 'October leads-errors' (the download adds .csv). */
export function importErrorsFileName(fileName: string): string {
  return `${fileName.replace(/\.csv$/i, '') || 'import'}-errors`;
}
