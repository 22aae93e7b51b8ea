// CSV (RFC 4180) shared by every report that answers a file. Cells a spreadsheet would run as a formula (starting
// with =, +, -, @, a tab or a carriage return) are prefixed with an apostrophe (OWASP's advice against CSV
// injection), then any cell holding a comma, a quote or a line break is quoted with its quotes doubled. Numbers are
// written as they are, so a negative amount stays a number.

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows joined with CRLF, ending with one. */
export function csvLines(rows: (string | number)[][]): string {
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
