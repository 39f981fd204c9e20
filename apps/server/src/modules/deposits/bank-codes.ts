/** Three-letter bank codes → Bank of Thailand 3-digit codes (docs/payments.md §5.1; TMB is the spec's name for TTB). */
const BOT_CODES: Record<string, string> = {
  BBL: '002',
  KBANK: '004',
  KTB: '006',
  TMB: '011',
  TTB: '011',
  SCB: '014',
  CIMBT: '022',
  UOBT: '024',
  BAY: '025',
  GSB: '030',
  GHB: '033',
  BAAC: '034',
  ISBT: '066',
  TISCO: '067',
  KKP: '069',
  ICBCT: '070',
  TCRB: '071',
  LHBANK: '073',
};

export const botCodeOf = (code: string): string | undefined => BOT_CODES[code.toUpperCase()];

/** Our three-letter codes of one Bank of Thailand code (`011` is both TMB and TTB). */
export const bankCodesOf = (bot: string): string[] =>
  Object.entries(BOT_CODES)
    .filter(([, b]) => b === bot)
    .map(([code]) => code);

/**
 * A bank's masked account (`xxx-x-x1234-x`) against our full number, positionally (docs/payments.md §3.2): dashes
 * stripped, equal length, every shown digit equal, at least 3 digits shown.
 */
export function maskedMatches(masked: string, full: string): boolean {
  const m = masked.replace(/-/g, '').toLowerCase();
  const f = full.replace(/\D/g, '');
  if (m.length !== f.length) return false;
  let shown = 0;
  for (let i = 0; i < m.length; i += 1) {
    if (m[i] === 'x') continue;
    if (m[i] !== f[i]) return false;
    shown += 1;
  }
  return shown >= 3;
}
