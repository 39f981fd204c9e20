// Its own module: only the profile shows account numbers, so home's first load does not carry it.

/** docs/spec.md §9: a bank account of exactly 10 digits shows as 3-3-4; anything else is shown as stored. */
export function formatAccountNumber(accountNo: string | null | undefined): string {
  const raw = (accountNo ?? '').trim();
  if (!/^\d{10}$/.test(raw)) return raw;
  return `${raw.slice(0, 3)}-${raw.slice(3, 6)}-${raw.slice(6)}`;
}
