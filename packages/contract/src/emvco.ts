/**
 * EMVCo TLV and CRC-16/CCITT-FALSE (docs/payments.md §1–3): the one routine shared by the QR builder of the sandbox
 * providers, the server's QR checks and the slip mini-QR parser. Pure functions, no dependencies.
 */

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection): 4 uppercase hex chars. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export type Tlv = { id: string; value: string };

/** `ID(2) LEN(2) VALUE`; null when the text is not a well-formed TLV sequence. */
export function parseTlv(text: string): Tlv[] | null {
  const out: Tlv[] = [];
  let i = 0;
  while (i < text.length) {
    const id = text.slice(i, i + 2);
    const lenText = text.slice(i + 2, i + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(lenText)) return null;
    const len = Number(lenText);
    const value = text.slice(i + 4, i + 4 + len);
    if (value.length !== len) return null;
    out.push({ id, value });
    i += 4 + len;
  }
  return out;
}

export const tlv = (id: string, value: string): string => {
  if (value.length > 99) throw new Error(`TLV ${id}: value longer than 99`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
};

/** Append the CRC tag (`63` for payment QRs, `91` for slip mini-QRs) over everything before its value. */
export function withCrc(body: string, crcTag = '63'): string {
  const head = `${body}${crcTag}04`;
  return `${head}${crc16(head)}`;
}

/** The CRC of a payload checks out (case-insensitive, a 1–3-char tail left-padded, docs/payments.md §1). */
export function hasValidCrc(payload: string, crcTag = '63'): boolean {
  const match = new RegExp(`^(.*${crcTag}04)([0-9A-Fa-f]{1,4})$`, 's').exec(payload);
  if (!match) return false;
  return crc16(match[1]!) === match[2]!.toUpperCase().padStart(4, '0');
}

/** A tag's value and, for templates, its sub-tags. */
export function tlvMap(items: Tlv[]): Map<string, string> {
  return new Map(items.map((t) => [t.id, t.value]));
}

/** Thai dynamic bill payment (tag 30) with Ref1/Ref2 and amount (docs/payments.md §1.1, §1.3). */
export function billPaymentPayload(input: {
  billerId: string;
  ref1: string;
  ref2: string;
  /** decimal major units, 2 places */
  amount: string;
  merchantName?: string;
  ref3?: string;
}): string {
  const merchant =
    tlv('00', 'A000000677010112') + tlv('01', input.billerId) + tlv('02', input.ref1) + tlv('03', input.ref2);
  let body = tlv('00', '01') + tlv('01', '12') + tlv('30', merchant) + tlv('53', '764') + tlv('54', input.amount);
  body += tlv('58', 'TH');
  if (input.merchantName) body += tlv('59', input.merchantName);
  if (input.ref3) body += tlv('62', tlv('07', input.ref3));
  return withCrc(body);
}

/** Lao LAPNet dynamic QR (tag 38), amount in whole kip, bill number = our payment id (docs/payments.md §2). */
export function lapnetPayload(input: { iin: string; merchantId: string; amountKip: string; bill: string }): string {
  const merchant =
    tlv('00', 'A005266284662577') + tlv('01', input.iin) + tlv('02', '002') + tlv('03', input.merchantId);
  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('38', merchant) +
    tlv('53', '418') +
    tlv('54', input.amountKip) +
    tlv('58', 'LA') +
    tlv('62', tlv('01', input.bill));
  return withCrc(body);
}

export type PaymentQr = {
  /** our payment id: Ref2 (Thai tag 30) or the bill number (LAPNet) */
  paymentId: string;
  /** Ref1 (Thai) or null */
  memberRef: string | null;
  /** biller id (Thai) or merchant id (LAPNet) */
  merchantId: string;
  amount: string;
  currency: 'THB' | 'LAK';
};

/** Read a dynamic payment QR built by `billPaymentPayload` / `lapnetPayload`; null when it is not one. */
export function readPaymentQr(payload: string): PaymentQr | null {
  if (payload.length > 512 || !hasValidCrc(payload)) return null;
  const root = parseTlv(payload);
  if (!root) return null;
  const tags = tlvMap(root);
  if (tags.get('00') !== '01') return null;
  const amount = tags.get('54');
  if (!amount || !/^\d{1,10}(\.\d{2})?$/.test(amount)) return null;
  const bill = tags.get('30');
  if (bill) {
    const sub = parseTlv(bill);
    const m = sub && tlvMap(sub);
    if (!m || m.get('00') !== 'A000000677010112' || !m.get('03') || !m.get('02') || tags.get('53') !== '764')
      return null;
    return { paymentId: m.get('03')!, memberRef: m.get('02')!, merchantId: m.get('01') ?? '', amount, currency: 'THB' };
  }
  const lao = tags.get('38');
  if (lao) {
    const sub = parseTlv(lao);
    const m = sub && tlvMap(sub);
    const extra = tags.get('62');
    const extraMap = extra ? parseTlv(extra) : null;
    const billNo = extraMap ? tlvMap(extraMap).get('01') : undefined;
    if (!m || m.get('00') !== 'A005266284662577' || !billNo || tags.get('53') !== '418') return null;
    return { paymentId: billNo, memberRef: null, merchantId: m.get('03') ?? '', amount, currency: 'LAK' };
  }
  return null;
}

/** Slip mini-QR (docs/payments.md §3.1): API id 000001, 3-digit sending bank, transRef, country TH, CRC tag 91. */
export function slipQrPayload(sendingBank: string, transRef: string): string {
  const inner = tlv('00', '000001') + tlv('01', sendingBank) + tlv('02', transRef);
  return withCrc(tlv('00', inner) + tlv('51', 'TH'), '91');
}

export type SlipQrRead =
  | { kind: 'ok'; sendingBank: string; transRef: string }
  /** not a slip QR at all (INVALID_SLIP) */
  | { kind: 'not_slip' }
  /** a slip QR whose CRC or reference does not hold (UNSTABLE_REFNO_ON_SLIP) */
  | { kind: 'unstable' };

export function readSlipQr(payload: string): SlipQrRead {
  if (payload.length > 256) return { kind: 'not_slip' };
  const root = parseTlv(payload);
  if (!root) return { kind: 'not_slip' };
  const tags = tlvMap(root);
  const inner = tags.get('00');
  const sub = inner ? parseTlv(inner) : null;
  const m = sub ? tlvMap(sub) : null;
  if (!m || m.get('00') !== '000001' || !tags.has('91')) return { kind: 'not_slip' };
  if (!hasValidCrc(payload, '91')) return { kind: 'unstable' };
  const sendingBank = m.get('01') ?? '';
  const transRef = m.get('02') ?? '';
  if (!/^\d{3}$/.test(sendingBank) || !/^[0-9A-Za-z]{1,25}$/.test(transRef)) return { kind: 'unstable' };
  return { kind: 'ok', sendingBank, transRef };
}
