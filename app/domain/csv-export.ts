// CSV cells for exported expenses. A cell that a spreadsheet would run as a formula (it begins with
// = + - @, a tab or a carriage return) is prefixed with an apostrophe; quotes, commas and line breaks
// are quoted per RFC 4180.

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: Array<string | number | null | undefined>): string {
  return cells.map(csvCell).join(",");
}

export function toCsv(header: string[], rows: Array<Array<string | number | null | undefined>>): string {
  return [csvRow(header), ...rows.map(csvRow)].join("\r\n") + "\r\n";
}

/** yyyy-MM with a real month (01–12); anything else is refused by the export route. */
export function isMonth(value: string | null | undefined): value is string {
  return !!value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}
