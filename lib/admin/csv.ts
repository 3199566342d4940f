// CSV as spreadsheets read it (RFC 4180): comma-separated, CRLF line ends, every field quoted when it
// holds a comma, quote or line break. A cell that starts with = + - @ (or a tab / carriage return)
// would be run as a formula by Excel, LibreOffice and Google Sheets ("CSV injection"): such text is
// prefixed with an apostrophe, which they show as plain text. Numbers are written as numbers.
export type CsvCell = string | number | boolean | null | undefined | Date;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  let text = value instanceof Date ? value.toISOString() : value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: a UTF-8 byte order mark (so Excel reads Japanese and Chinese names correctly), the header, the rows. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  const lines = [header.map(csvCell).join(",")];
  for (const row of rows) lines.push(row.map(csvCell).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** "taxatlas-users-2026-11-22.csv": the site name made file-safe, the kind, the UTC date. */
export function csvFilename(siteName: string, kind: string, now: Date = new Date()): string {
  const site = siteName.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "export";
  return `${site}-${kind}-${now.toISOString().slice(0, 10)}.csv`;
}
