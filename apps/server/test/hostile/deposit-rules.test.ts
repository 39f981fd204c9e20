// Longer than 300 lines by choice: one hostile suite of deposit rules sharing one app, its members and their slips.
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { providerKey, signHeaders } from '@wallet/contract/qr-wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlipVerifier } from '../../src/providers/bank/bank-port.ts';
import type { VoucherProvider } from '../../src/providers/vouchers/voucher-port.ts';
import { createAccountApi } from '../../src/modules/account/account.api.ts';
import { LedgerService } from '../../src/modules/ledger/ledger.api.ts';
import { SlipService } from '../../src/modules/deposits/slip.service.ts';
import { TrueWalletService } from '../../src/modules/deposits/truewallet.service.ts';
import { adminCall } from '../backoffice/backoffice-helpers.ts';
import { adminToken } from '../operators/operator-helpers.ts';
import { createDepositsHarness } from '../deposits/deposits-harness.ts';
import type { ReceivedFile } from '../../src/lib/uploads/received-file.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { multipart } from '../helpers/multipart-body.ts';

/**
 * Deposits that cannot be stolen or minted (docs/decisions/0025-slip-sender-and-provider-amounts.md), attacked:
 * look-alike accounts racing for someone else's slip, signed webhooks with absurd amounts, a paid QR paid again,
 * voucher and slip answers with amounts no wallet can hold. Never a 500, never a credit to the wrong member, the
 * ledger sound after every case.
 */
let h: Awaited<ReturnType<typeof createDepositsHarness>>;
/** the look-alike race leaves the sender's slip held for the last case (finance decides it) */
let raced: { sender: { id: number; token: string }; depositId: string } | null = null;
beforeAll(async () => {
  h = await createDepositsHarness();
  h.t.clock.set(new Date('2026-11-23T05:00:00Z'));
});
afterAll(async () => {
  await h.close();
});

const tally = (values: string[]) =>
  values.reduce<Record<string, number>>((acc, v) => ({ ...acc, [v]: (acc[v] ?? 0) + 1 }), {});

async function slipPng(fromAccountNo: string, amount: number, names: Record<string, string>) {
  const made = await h.send('POST', '/sandbox/bank/transfers', {
    fromBankCode: 'KBANK',
    fromAccountNo,
    toBankCode: 'KBANK',
    toAccountNo: '0481234567',
    amount,
    at: h.t.clock.now().toISOString(),
    ...names,
  });
  expect(made.status).toBe(200);
  return (await h.t.app.inject({ method: 'GET', url: made.body.slipUrl })).rawPayload;
}

async function upload(token: string, png: Buffer) {
  const { payload, headers } = multipart([{ name: 'file', data: png, filename: 'slip.png', type: 'image/png' }]);
  const res = await h.t.app.inject({
    method: 'POST',
    url: '/api/wallet/slip',
    headers: { ...headers, authorization: `Bearer ${token}` },
    payload,
  });
  return { status: res.statusCode, body: res.json() as { status: string; note?: string; reference: string } };
}

async function signedWebhook(paymentId: string, providerTxnId: string, amount: string) {
  const body = JSON.stringify({
    event: 'payment.paid',
    paymentId,
    providerTxnId,
    amount,
    paidAt: h.t.clock.now().toISOString(),
  });
  const key = providerKey(h.t.ctx.config.secrets.provider, 'PAYTIMZ');
  const res = await h.t.app.inject({
    method: 'POST',
    url: '/api/webhooks/qr/PAYTIMZ',
    headers: {
      'content-type': 'application/json',
      ...signHeaders('PAYTIMZ', key, body, Math.floor(h.t.clock.now().getTime() / 1000)),
    },
    payload: body,
  });
  return res.statusCode;
}

describe('deposit rules under attack', () => {
  it('eight look-alike accounts race the real sender for one slip: nobody but an operator decides, then once', async () => {
    const sender = await h.member({ name: 'วิชัย มั่นคง', bankAccountName: 'วิชัย มั่นคง' });
    // same bank, same shown digits (xxx-x-x1234-x), other names; one even copies the first name
    const lookAlikes = await Promise.all(
      ['สมศรี ดีมาก', 'ปรีชา แสงทอง', 'วิชัย ทองดี', 'มานพ ใจงาม', 'สุดา พรมมา', 'อนันต์ สุขใจ', 'กมล ศรีสุข', 'ชาญ ชัยชนะ'].map(
        (name, i) =>
          h.member({
            name,
            bankAccountName: name,
            bankAccountNo: `${i}${sender.bankAccountNo.slice(1, 4)}${sender.bankAccountNo.slice(4, 9)}${i}`,
          }),
      ),
    );
    const png = await slipPng(sender.bankAccountNo, 400, { fromName: 'นาย วิชัย มั่นคง' });
    const racers = [sender, ...lookAlikes, sender, ...lookAlikes];
    const answers = await Promise.all(racers.map((m) => upload(m.token, png)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const outcomes = tally(answers.map((a) => `${a.body.status}${a.body.note ? `:${a.body.note}` : ''}`));
    console.info('hostile: look-alike slip race', outcomes);
    expect(answers.filter((a) => a.body.status === 'SUCCESS')).toHaveLength(0);
    // only the sender is told "under review"; every look-alike is refused (the name on the slip is not theirs)
    answers.forEach((a, i) => expect(a.body.status, `racer ${i}`).toBe(racers[i] === sender ? 'REVIEW' : 'FAILED'));
    for (const m of [sender, ...lookAlikes]) expect(await h.walletMinor(m.id)).toBe(0n);
    const [held] = await h.deposits(sender.id);
    expect(held).toMatchObject({ status: 'review', amount: 40_000n });

    raced = { sender, depositId: held!.id };
    await expectLedgerSound(h.t);
  });

  it('signed webhooks with hostile amounts: a clear 4xx or a hold, never a 500, never a credit', async () => {
    const m = await h.member();
    const qr = (await h.send('POST', '/api/qrcode/PAYTIMZ', { amount: 50 }, m.token)).body as { qrcodeId: string };
    const amounts = [
      '0',
      '00000',
      '-100',
      '1e9',
      '5000.5',
      ' 5000',
      '100000000000001',
      '999999999999999',
      '9999999999999999',
      '1',
      '4999',
      '100000000000000',
    ];
    const statuses = await Promise.all(amounts.map((a, i) => signedWebhook(qr.qrcodeId, `HOSTILE${i}`, a)));
    const counts = tally(statuses.map(String));
    console.info('hostile: webhook amounts', counts);
    expect(statuses.every((s) => s < 500)).toBe(true);
    expect(counts).toEqual({ '200': 3, '400': 9 });
    expect(await h.walletMinor(m.id)).toBe(0n);
    // the three recordable amounts differ from the QR's 50.00: all held for an operator
    expect((await h.deposits(m.id)).map((d) => d.status)).toEqual(['review', 'review', 'review']);
    expect((await h.send('GET', '/api/wallet', undefined, m.token)).status).toBe(200);
    await expectLedgerSound(h.t);
  });

  it('a paid QR paid again ten times: the bank refuses, late money is held', async () => {
    await h.t.ctx.settings.set('lateQrPayment', 'review');
    const m = await h.member();
    const qr = (await h.send('POST', '/api/qrcode/PAYTIMZ', { amount: 20 }, m.token)).body as {
      qrcodeId: string;
      payload: string;
    };
    const pays = await Promise.all(
      Array.from({ length: 10 }, () => h.send('POST', '/sandbox/qr/pay', { payload: qr.payload })),
    );
    const counts = tally(pays.map((p) => String(p.status)));
    console.info('hostile: one QR paid 10 times at once', counts);
    expect(counts).toEqual({ '200': 1, '409': 9 });
    expect(await h.walletMinor(m.id)).toBe(2_000n);
    // the PSP reports a second payment anyway: held, not credited
    expect(await signedWebhook(qr.qrcodeId, 'AGAIN1', '2000')).toBe(200);
    expect(await h.walletMinor(m.id)).toBe(2_000n);
    expect((await h.deposits(m.id)).map((d) => d.status).sort()).toEqual(['credited', 'review']);
    await h.t.ctx.settings.set('lateQrPayment', 'credit');
    await expectLedgerSound(h.t);
  });

  it('voucher and slip answers with amounts no wallet can hold are refused, nothing credited', async () => {
    const m = await h.member();
    const ledger = new LedgerService(h.t.ctx.db);
    const log = { warn: () => undefined };
    const outcomes: string[] = [];
    for (const amount of [0n, -500n, 100_000_000_000_001n, 10n ** 18n]) {
      const vouchers: VoucherProvider = {
        verify: async () => ({
          kind: 'active',
          voucherId: 'V1',
          totalAmount: amount,
          shareAmount: amount,
          recipients: 1,
          expiresAt: new Date('2027-01-01T00:00:00Z'),
        }),
        redeem: async () => ({ kind: 'redeemed', voucherId: 'V1', amount, ownerName: null, redeemedAt: new Date() }),
      };
      const service = new TrueWalletService({
        db: h.t.ctx.db,
        ledger,
        clock: h.t.clock,
        settings: h.t.ctx.settings,
        secret: h.t.ctx.config.truelinkSecret,
        vouchers: () => vouchers,
        log,
      });
      const hash = `HOSTILE${randomBytes(6).toString('hex')}`;
      const link = `${encryptLink(`https://gift.truemoney.com/campaign/?v=${hash}`, h.t.ctx.config.truelinkSecret)}::0891234567`;
      outcomes.push(
        await service.redeem({ id: m.id, currency: 'THB' }, link).then(
          (r) => r.message,
          (err: Error) => err.message,
        ),
      );
    }
    // the redeem answer itself with an absurd amount (the check looked fine): refused too
    const sly: VoucherProvider = {
      verify: async () => ({
        kind: 'active',
        voucherId: 'V2',
        totalAmount: 10_000n,
        shareAmount: 10_000n,
        recipients: 1,
        expiresAt: new Date('2027-01-01T00:00:00Z'),
      }),
      redeem: async () => ({
        kind: 'redeemed',
        voucherId: 'V2',
        amount: 10n ** 16n,
        ownerName: null,
        redeemedAt: new Date(),
      }),
    };
    const slyService = new TrueWalletService({
      db: h.t.ctx.db,
      ledger,
      clock: h.t.clock,
      settings: h.t.ctx.settings,
      secret: h.t.ctx.config.truelinkSecret,
      vouchers: () => sly,
      log,
    });
    const slyLink = `${encryptLink(`https://gift.truemoney.com/campaign/?v=SLY${randomBytes(6).toString('hex')}`, h.t.ctx.config.truelinkSecret)}::0891234567`;
    outcomes.push(
      await slyService.redeem({ id: m.id, currency: 'THB' }, slyLink).then(
        (r) => r.message,
        (err: Error) => err.message,
      ),
    );

    // a bank verifier answering an amount no wallet can hold for a real slip of the member
    for (const amount of [0n, 10n ** 15n]) {
      const png = await slipPng(m.bankAccountNo, 100, { fromNameEn: 'MR DEPOSIT TESTER' });
      const verifier: SlipVerifier = {
        verifySlip: async (ref) => ({
          kind: 'verified',
          slip: {
            ...ref,
            receivingBank: '004',
            amount,
            currency: 'THB',
            transferredAt: h.t.clock.now(),
            sender: {
              bank: '004',
              displayName: null,
              name: 'MR DEPOSIT TESTER',
              account: { type: 'BANKAC', value: `xxx-x-x${m.bankAccountNo.slice(5, 9)}-x` },
              proxy: null,
            },
            receiver: {
              bank: '004',
              displayName: null,
              name: 'SANDBOX',
              account: { type: 'BANKAC', value: 'xxx-x-x3456-x' },
              proxy: null,
            },
          },
        }),
      };
      const slips = new SlipService({
        db: h.t.ctx.db,
        ledger,
        clock: h.t.clock,
        settings: h.t.ctx.settings,
        storage: h.t.ctx.storage,
        verifier: () => verifier,
        account: createAccountApi(h.t.ctx),
        log,
      });
      const file: ReceivedFile = {
        data: png,
        truncated: false,
        clientFileName: 'slip.png',
        clientMimeType: 'image/png',
      };
      const answer = await slips.upload({ id: m.id, currency: 'THB' }, file);
      outcomes.push(`${answer.status}:${answer.note ?? ''}`);
    }
    console.info('hostile: absurd voucher and slip amounts', tally(outcomes));
    expect(outcomes).toEqual([
      'TRUELINK_INVALID',
      'TRUELINK_INVALID',
      'TRUELINK_INVALID',
      'TRUELINK_INVALID',
      'TRUELINK_INVALID',
      'FAILED:INVALID_SLIP',
      'FAILED:INVALID_SLIP',
    ]);
    expect(await h.walletMinor(m.id)).toBe(0n);
    expect(await h.deposits(m.id)).toEqual([]);
    await expectLedgerSound(h.t);
  });

  it('finance decides the raced slip: credited once, to the sender, whose second slip is the duplicate', async () => {
    expect(raced).not.toBeNull();
    // finance confirms the held deposit: credited once, to the sender; a second confirm changes nothing
    // the demo operator holds every role, finance included
    const fin = await adminToken(h.t);
    const confirm = () =>
      adminCall(h.t, fin, 'POST', `/api/admin/deposits/${raced!.depositId}/confirm`, {
        note: 'bank statement: full account',
      });
    const first = await confirm();
    expect(first.status).toBe(200);
    expect(first.body.row).toMatchObject({ channel: 'slip', status: 'credited', memberId: raced!.sender.id });
    expect((await confirm()).status).toBe(200);
    expect(await h.walletMinor(raced!.sender.id)).toBe(40_000n);
    const list = await h.send('POST', '/api/statement/slip', { page: 1, limit: 10 }, raced!.sender.token);
    const statuses = tally(list.body.slips.map((s: { status: string }) => s.status));
    console.info('hostile: sender slip list after the operator', statuses);
    expect(statuses).toEqual({ SUCCESS: 1, FAILED: 1 });
    await expectLedgerSound(h.t);
  });
});

/** What the player does (CryptoJS.AES.encrypt(link, SECRET).toString()), in node:crypto. */
function encryptLink(link: string, secret: string): string {
  const salt = randomBytes(8);
  const pass = Buffer.from(secret);
  const d1 = createHash('md5')
    .update(Buffer.concat([pass, salt]))
    .digest();
  const d2 = createHash('md5')
    .update(Buffer.concat([d1, pass, salt]))
    .digest();
  const d3 = createHash('md5')
    .update(Buffer.concat([d2, pass, salt]))
    .digest();
  const cipher = createCipheriv('aes-256-cbc', Buffer.concat([d1, d2]), d3);
  return Buffer.concat([Buffer.from('Salted__'), salt, cipher.update(link, 'utf8'), cipher.final()]).toString('base64');
}
