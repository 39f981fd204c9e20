/**
 * Sandbox bank for deposits: transfers people make to the site's accounts, their e-slip images (with the Bank of
 * Thailand slip mini-QR, docs/payments.md §3.1) and a slip-verification API in the shape of SCB / SlipOK / RDCW
 * (docs/decisions/0025-slip-sender-and-provider-amounts.md). Mount with a prefix, normally `/sandbox/bank`. (Payouts live in ../bank-payouts.)
 *
 * Control (loopback or X-Sandbox-Key):
 *   POST /transfers {fromBankCode, fromAccountNo, fromName?, fromNameEn?, toBankCode?, toAccountNo, amount (baht),
 *        at? (ISO)} → {transRef, sendingBank, qrPayload, slipUrl}. The sender's names are what the bank prints (Thai
 *        `fromName`, English `fromNameEn`), truncated to 20 characters as banks do; with neither given, the
 *        sandbox's own test customer (นาย ทดสอบ ระบบ / MR TEST), with only one, the other is not printed.
 *   POST /_slip-faults {mode: 'verify-outage' | 'none', times?}: the verification API answers 503 (vendor code 1009)
 * Open:
 *   GET /slips/:transRef.png  the e-slip image (Thai text, mini-QR bottom right)
 * Verification API, header `x-api-key: hex HMAC-SHA256(secret, "slip-verify")`:
 *   GET /verify/:transRef?sendingBank=004 → 200 {success:true, data:{transRef, sendingBank, receivingBank, transDate,
 *       transTime, transTimestamp, amount, paidLocalAmount, paidLocalCurrency, countryCode, sender, receiver}}
 *       (accounts masked `xxx-x-x1234-x`); unknown → 404 {success:false, code:1011}; bad key → 401 {code:1002}.
 * Bounded: the newest `capacity` transfers (default 10,000) are kept; an older slip is unknown (404) like a made-up one.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { slipQrPayload } from '@wallet/contract/emvco';
import { z } from 'zod';
import { BoundedMap } from '../bounded-map.ts';
import { prepareSlipFonts } from './slip-fonts.ts';

export type BankSlipsOptions = {
  secret: string;
  now?: () => Date;
  publicPrefix?: string;
  /** how many transfers are kept, the oldest dropped past it (default 10,000) */
  capacity?: number;
};

/** Three-letter codes → Bank of Thailand codes (docs/payments.md §5.1). */
export const BOT_CODES: Record<string, string> = {
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
  KKP: '069',
};
const BANK_NAMES: Record<string, string> = {
  '002': 'ธนาคารกรุงเทพ',
  '004': 'ธนาคารกสิกรไทย',
  '006': 'ธนาคารกรุงไทย',
  '011': 'ธนาคารทหารไทยธนชาต',
  '014': 'ธนาคารไทยพาณิชย์',
  '025': 'ธนาคารกรุงศรีอยุธยา',
  '030': 'ธนาคารออมสิน',
};

type Transfer = {
  transRef: string;
  sendingBank: string;
  receivingBank: string;
  fromAccountNo: string;
  fromName: string | null;
  fromNameEn: string | null;
  toAccountNo: string;
  amountSatang: bigint;
  at: Date;
};

const TransferSchema = z.object({
  fromBankCode: z.string().min(2).max(10),
  fromAccountNo: z.string().regex(/^\d{6,15}$/),
  fromName: z.string().max(60).optional(),
  fromNameEn: z.string().max(60).optional(),
  toBankCode: z.string().min(2).max(10).optional(),
  toAccountNo: z.string().regex(/^\d{6,15}$/),
  amount: z.number().positive().max(10_000_000),
  at: z.iso.datetime().optional(),
});

/** `0481234567` → `xxx-x-x3456-x` (banks print 3-1-5-1 and show 4 digits). */
export function maskAccount(no: string): string {
  return no.length === 10 ? `xxx-x-x${no.slice(5, 9)}-x` : `${'x'.repeat(no.length - 4)}${no.slice(-4)}`;
}

export const slipApiKey = (secret: string) => createHmac('sha256', secret).update('slip-verify').digest('hex');

export const bankSlipsPlugin: FastifyPluginAsync<BankSlipsOptions> = async (app, options) => {
  prepareSlipFonts(); // the e-slip's Thai font, set up before anything in this process renders text
  const now = options.now ?? (() => new Date());
  const transfers = new BoundedMap<string, Transfer>(options.capacity ?? 10_000);
  let outage: { remaining: number } | null = null;
  const apiKey = Buffer.from(slipApiKey(options.secret));
  const prefix = options.publicPrefix ?? '/sandbox/bank';

  app.post('/transfers', async (request, reply) => {
    const parsed = TransferSchema.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ status: 'FAILED', code: 'INVALID_REQUEST' });
    const input = parsed.data;
    const sendingBank = BOT_CODES[input.fromBankCode] ?? '004';
    const receivingBank = BOT_CODES[input.toBankCode ?? 'KBANK'] ?? '004';
    // KBANK-style reference: 20 chars, digits and capitals
    const transRef = `${now().getTime().toString().slice(-9)}${randomBytes(6).toString('hex').toUpperCase()}`.slice(
      0,
      20,
    );
    const transfer: Transfer = {
      transRef,
      sendingBank,
      receivingBank,
      fromAccountNo: input.fromAccountNo,
      ...printedNames(input.fromName, input.fromNameEn),
      toAccountNo: input.toAccountNo,
      amountSatang: BigInt(Math.round(input.amount * 100)),
      at: input.at ? new Date(input.at) : now(),
    };
    transfers.set(transRef, transfer);
    return {
      status: 'SUCCESS',
      transRef,
      sendingBank,
      qrPayload: slipQrPayload(sendingBank, transRef),
      slipUrl: `${prefix}/slips/${transRef}.png`,
    };
  });

  app.post('/_slip-faults', async (request, reply) => {
    const body = request.body as { mode?: unknown; times?: unknown } | null;
    if (body?.mode === 'none') outage = null;
    else if (body?.mode === 'verify-outage')
      outage = { remaining: typeof body.times === 'number' ? body.times : Number.POSITIVE_INFINITY };
    else return reply.status(400).send({ status: 'FAILED', code: 'INVALID_REQUEST' });
    return { status: 'SUCCESS' };
  });

  app.get('/slips/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    const transfer = transfers.get(file.replace(/\.png$/, ''));
    if (!transfer) return reply.status(404).send({ status: 'FAILED', code: 'NOT_FOUND' });
    return reply
      .header('content-type', 'image/png')
      .header('cache-control', 'no-store')
      .send(await renderSlip(transfer));
  });

  app.get('/verify/:transRef', async (request, reply) => {
    const given = Buffer.from(String(request.headers['x-api-key'] ?? ''));
    if (given.length !== apiKey.length || !timingSafeEqual(given, apiKey))
      return reply.status(401).send({ success: false, code: 1002, message: 'Unauthorized' });
    if (outage) {
      outage.remaining -= 1;
      if (outage.remaining <= 0) outage = null;
      return reply.status(503).send({ success: false, code: 1009, message: 'Bank unavailable, try again later' });
    }
    const { transRef } = request.params as { transRef: string };
    const { sendingBank } = request.query as { sendingBank?: string };
    const t = transfers.get(transRef);
    if (!t || (sendingBank && sendingBank !== t.sendingBank))
      return reply.status(404).send({ success: false, code: 1011, message: 'Slip not found' });
    const bangkok = new Date(t.at.getTime() + 7 * 3600_000).toISOString();
    const amount = Number(t.amountSatang) / 100;
    return {
      success: true,
      data: {
        transRef: t.transRef,
        sendingBank: t.sendingBank,
        receivingBank: t.receivingBank,
        transDate: bangkok.slice(0, 10).replaceAll('-', ''),
        transTime: bangkok.slice(11, 19),
        transTimestamp: t.at.toISOString(),
        amount,
        paidLocalAmount: amount,
        paidLocalCurrency: '764',
        countryCode: 'TH',
        transFeeAmount: 0,
        ref1: '',
        ref2: '',
        ref3: '',
        sender: {
          displayName: t.fromName,
          name: t.fromNameEn,
          proxy: null,
          account: { type: 'BANKAC', value: maskAccount(t.fromAccountNo) },
        },
        receiver: {
          displayName: 'บจก. แซนด์บ็อกซ์ วอลเล็ท',
          name: 'SANDBOX WALLET CO',
          proxy: null,
          account: { type: 'BANKAC', value: maskAccount(t.toAccountNo) },
        },
      },
    };
  });
};

/** Banks print names cut short (docs/decisions/0025-slip-sender-and-provider-amounts.md). */
const PRINTED_NAME_CHARS = 20;

function printedNames(thai: string | undefined, english: string | undefined) {
  if (thai === undefined && english === undefined) return { fromName: 'นาย ทดสอบ ระบบ', fromNameEn: 'MR TEST' };
  const cut = (name: string | undefined) => (name === undefined ? null : name.slice(0, PRINTED_NAME_CHARS));
  return { fromName: cut(thai), fromNameEn: cut(english) };
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A 720×1280 e-slip: bank, amount, parties, time, reference and the mini-QR at the bottom right. */
async function renderSlip(t: Transfer): Promise<Buffer> {
  prepareSlipFonts(); // before the first render: fontconfig reads its file once
  const when = new Date(t.at.getTime() + 7 * 3600_000).toISOString().replace('T', ' ').slice(0, 16);
  const amount = (Number(t.amountSatang) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
  const line = (y: number, label: string, value: string, size = 30) =>
    `<text x="60" y="${y}" font-size="24" fill="#64748b">${escapeXml(label)}</text>` +
    `<text x="60" y="${y + 18 + size}" font-size="${size}" font-weight="700" fill="#0f172a">${escapeXml(value)}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="1280" font-family="Noto Sans Thai, Noto Sans, sans-serif">
  <rect width="720" height="1280" fill="#f8fafc"/>
  <rect width="720" height="200" fill="#15803d"/>
  <text x="60" y="95" font-size="40" font-weight="700" fill="#ffffff">โอนเงินสำเร็จ</text>
  <text x="60" y="150" font-size="26" fill="#dcfce7">${escapeXml(when)} · ${escapeXml(BANK_NAMES[t.sendingBank] ?? t.sendingBank)}</text>
  ${line(270, 'จาก', `${t.fromName ?? t.fromNameEn ?? ''}  ${maskAccount(t.fromAccountNo)}`)}
  ${line(400, 'ไปยัง', `บจก. แซนด์บ็อกซ์ วอลเล็ท  ${maskAccount(t.toAccountNo)}`)}
  ${line(530, 'จำนวนเงิน', `${amount} บาท`, 56)}
  ${line(680, 'เลขที่รายการ', t.transRef, 28)}
  <text x="60" y="1180" font-size="22" fill="#64748b">สแกนตรวจสอบสลิป</text>
</svg>`;
  const qr = await QRCode.toBuffer(slipQrPayload(t.sendingBank, t.transRef), { margin: 2, scale: 6 });
  return sharp(Buffer.from(svg))
    .composite([{ input: qr, top: 880, left: 440 }])
    .png()
    .toBuffer();
}
