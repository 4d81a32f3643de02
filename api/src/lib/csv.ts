/** CSV for exports: every cell quoted, formula-looking cells defused, CRLF line ends. */
export type CsvValue = string | number | boolean | null | undefined;
export type CsvColumn<Row> = [header: string, value: (row: Row) => CsvValue];

/**
 * One CSV cell: always quoted, and a cell that a spreadsheet would run as a formula (starting with
 * = + - @ tab or CR) is prefixed with an apostrophe (CSV injection).
 */
export function csvCell(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** RFC 4180 text (CRLF line ends) with a header row. */
export function toCsv<Row>(columns: CsvColumn<Row>[], rows: Row[]): string {
  const lines = [columns.map(([header]) => csvCell(header)).join(',')];
  for (const row of rows) lines.push(columns.map(([, value]) => csvCell(value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
