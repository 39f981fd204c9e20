import { formatMinor } from '../../lib/money-math.ts';
/**
 * CSV for the console's exports (docs/decisions/0034-member-360-and-exports.md): UTF-8 with a byte-order mark so
 * Excel reads Thai text, CRLF lines, dates as dd/mm/yyyy HH:mm in Bangkok time, amounts in baht with 2 decimals.
 * A text cell starting with = + - @ (or a tab or carriage return) gets a leading apostrophe, so a member's name
 * can never run as a spreadsheet formula.
 */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell: formula-safe, quoted when it holds a comma, a quote or a line break. */
export function textCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Integer minor units (satang) as baht with 2 decimals: 123456n → 1234.56, -5n → -0.05. */
export function bahtCell(minor: bigint): string {
  return formatMinor(minor);
}

const BANGKOK_OFFSET_MS = 7 * 3_600_000;
const two = (n: number) => String(n).padStart(2, '0');

/** dd/mm/yyyy HH:mm, Bangkok wall clock. */
export function bangkokCell(at: Date): string {
  const d = new Date(at.getTime() + BANGKOK_OFFSET_MS);
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

export const csvLine = (cells: string[]) => `${cells.join(',')}\r\n`;
