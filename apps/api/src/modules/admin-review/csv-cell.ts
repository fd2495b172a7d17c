/**
 * Formula triggers: = + - @ after any spaces or invisible characters, or a tab or a carriage
 * return first.
 */
const formulaStart = /^(?:[\p{White_Space}\p{Cf}]*[=+\-@]|[\t\r])/u;

/**
 * One cell of the back office's CSV export (review-list.service.ts). A value a spreadsheet would
 * read as a formula (CSV injection) gets a leading apostrophe: one starting with = + - @, a tab or a
 * carriage return, looked at in NFKC, where the full-width ＝ ＋ － ＠ and the small and superscript
 * forms are the ASCII signs a spreadsheet or a later import may take them for (issue 23, item 9),
 * and past leading spaces and invisible characters. The value itself is kept as stored. Then RFC
 * 4180 quoting: a value holding the separator, a quote or a line break is quoted, its quotes
 * doubled.
 */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (formulaStart.test(text.normalize('NFKC'))) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
