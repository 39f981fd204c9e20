import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { multipart } from '../helpers/multipart-body.ts';
import { createDepositsHarness, TESTER_PRINTED } from './deposits-harness.ts';

let h: Awaited<ReturnType<typeof createDepositsHarness>>;
beforeAll(async () => {
  h = await createDepositsHarness();
  // outside the daily closing window (23:50–00:10 Bangkok): 12:00 Bangkok
  h.t.clock.set(new Date('2026-11-23T05:00:00Z'));
});
beforeEach(async () => {
  await h.send('POST', '/sandbox/bank/_slip-faults', { mode: 'none' });
});
afterAll(async () => {
  await h.close();
});

const SITE_ACCOUNT = '0481234567';
type Member = { id: number; token: string; bankAccountNo: string };

async function transfer(m: Member, amount: number, overrides: Record<string, unknown> = {}) {
  const res = await h.send('POST', '/sandbox/bank/transfers', {
    fromBankCode: 'KBANK',
    fromAccountNo: m.bankAccountNo,
    toBankCode: 'KBANK',
    toAccountNo: SITE_ACCOUNT,
    amount,
    at: h.t.clock.now().toISOString(),
    fromNameEn: TESTER_PRINTED,
    ...overrides,
  });
  expect(res.status).toBe(200);
  const image = await h.t.app.inject({ method: 'GET', url: res.body.slipUrl });
  expect(image.headers['content-type']).toBe('image/png');
  return { ...res.body, png: image.rawPayload } as { transRef: string; png: Buffer };
}

async function upload(token: string, data: Buffer, filename = 'slip.png', type = 'image/png') {
  const { payload, headers } = multipart([{ name: 'file', data, filename, type }]);
  const res = await h.t.app.inject({
    method: 'POST',
    url: '/api/wallet/slip',
    headers: { ...headers, authorization: `Bearer ${token}` },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

describe('slip deposits: sandbox bank e-slip → upload → decode → verify → credit once', () => {
  it('credits a real slip image once; the same slip again is SLIP_REFNO_DUPLICATED', async () => {
    const m = await h.member();
    const slip = await transfer(m, 250);
    const first = await upload(m.token, slip.png);
    expect(first.body).toMatchObject({ status: 'SUCCESS', amount: 250 });
    expect(await h.walletMinor(m.id)).toBe(25_000n);
    const again = await upload(m.token, slip.png);
    expect(again.body).toMatchObject({ status: 'FAILED', note: 'SLIP_REFNO_DUPLICATED' });
    expect(await h.walletMinor(m.id)).toBe(25_000n);
    await expectLedgerSound(h.t);
  });

  it('every rule has its reason and credits nothing', async () => {
    const m = await h.member();
    const other = await h.member();
    const cases: Array<[string, Buffer]> = [
      ['DEST_ACC_INVALID', (await transfer(m, 100, { toAccountNo: '1111111111' })).png],
      ['NOT_MATCH', (await transfer(other, 100)).png],
      [
        'EXPIRED_SLIP',
        (await transfer(m, 100, { at: new Date(h.t.clock.now().getTime() - 61 * 60_000).toISOString() })).png,
      ],
    ];
    for (const [note, png] of cases)
      expect((await upload(m.token, png)).body).toMatchObject({ status: 'FAILED', note });
    expect(await h.walletMinor(m.id)).toBe(0n);
    await expectLedgerSound(h.t);
  });

  it('an image without a QR is CANNOT_READ_CROPPED_IMAGE; wrong files are refused', async () => {
    const m = await h.member();
    const sharp = (await import('sharp')).default;
    const blank = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await upload(m.token, blank)).body).toMatchObject({ status: 'FAILED', note: 'CANNOT_READ_CROPPED_IMAGE' });
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    expect((await upload(m.token, html, 'slip.png')).body.message).toBe('SLIP_INVALID_FILE');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(m.token, svg, 'slip.svg', 'image/svg+xml')).body.message).toBe('SLIP_INVALID_FILE');
    // a pixel bomb: 36 MP of one colour compresses to a few kB
    const bomb = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await upload(m.token, bomb)).body.message).toBe('SLIP_INVALID_FILE');
    const huge = Buffer.alloc(10 * 1024 * 1024 + 1, 0x89);
    const big = await upload(m.token, huge);
    expect(big.body.message).toBe('SLIP_INVALID_FILE');
    expect(await h.walletMinor(m.id)).toBe(0n);
    await expectLedgerSound(h.t);
  });

  it('a verifier outage keeps the slip in progress; the retry job credits it', async () => {
    const m = await h.member();
    const slip = await transfer(m, 80);
    await h.send('POST', '/sandbox/bank/_slip-faults', { mode: 'verify-outage', times: 1 });
    expect((await upload(m.token, slip.png)).body).toMatchObject({ status: 'PROCESSING' });
    expect(await h.walletMinor(m.id)).toBe(0n);
    h.t.clock.advance(31_000);
    await h.retrySlips();
    expect(await h.walletMinor(m.id)).toBe(8_000n);
    const list = await h.send('POST', '/api/statement/slip', { page: 1, limit: 10 }, m.token);
    expect(list.body.slips[0]).toMatchObject({ status: 'SUCCESS', amount: 80 });
    await expectLedgerSound(h.t);
  });
});
