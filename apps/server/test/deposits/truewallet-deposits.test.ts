import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { createDepositsHarness } from './deposits-harness.ts';

const SECRET = 'member-wallet-truelink';
const WALLET = '0891234567';

/** What the player does (CryptoJS.AES.encrypt(link, SECRET).toString()), in node:crypto. */
function encryptLink(link: string, secret = SECRET): string {
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

let h: Awaited<ReturnType<typeof createDepositsHarness>>;
beforeAll(async () => {
  h = await createDepositsHarness();
});
afterAll(async () => {
  await h.close();
});

const voucher = async (amount: number, extra: Record<string, unknown> = {}) =>
  (await h.send('POST', '/sandbox/truewallet/vouchers', { amount, ...extra })).body as { link: string; hash: string };
const submit = (token: string, link: string, wallet = WALLET) =>
  h.send('POST', '/api/wallet/truelink', { link: `${encryptLink(link)}::${wallet}` }, token);

describe('True Wallet gift links', () => {
  it('redeems and credits our share once; the same link again is TRUELINK_DUPLICATE', async () => {
    const m = await h.member();
    const v = await voucher(150);
    expect((await submit(m.token, v.link)).body).toEqual({ message: 'SUCCESS', amount: 150 });
    expect(await h.walletMinor(m.id)).toBe(15_000n);
    expect((await submit(m.token, v.link)).body.message).toBe('TRUELINK_DUPLICATE');
    await expectLedgerSound(h.t);
  });

  it('10 submissions by 2 members at once: at most one credit, equal to the redeemed share', async () => {
    const a = await h.member();
    const b = await h.member();
    const v = await voucher(90, { recipients: 3 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => submit(i % 2 === 0 ? a.token : b.token, v.link)),
    );
    expect(answers.filter((r) => r.body.message === 'SUCCESS')).toHaveLength(1);
    expect((await h.walletMinor(a.id)) + (await h.walletMinor(b.id))).toBe(3_000n);
    await expectLedgerSound(h.t);
  });

  it('refuses bad links: wrong wallet, expired, below 2 baht, tampered, another host', async () => {
    const m = await h.member();
    expect((await submit(m.token, (await voucher(50)).link, '0899999999')).body.message).toBe('TRUELINK_INVALID');
    expect((await submit(m.token, (await voucher(50, { status: 'expired' })).link)).body.message).toBe(
      'TRUELINK_INVALID',
    );
    expect((await submit(m.token, (await voucher(1.5)).link)).body.message).toBe('TRUELINK_INVALID');
    expect((await submit(m.token, 'https://evil.example/campaign/?v=0123456789abcdef')).body.message).toBe(
      'TRUELINK_INVALID',
    );
    const garbage = await h.send('POST', '/api/wallet/truelink', { link: 'U2FsdGVkX1garbage::0891234567' }, m.token);
    expect(garbage.body.message).toBe('TRUELINK_INVALID');
    expect((await h.send('POST', '/api/wallet/truelink', { link: 'no-separator' }, m.token)).status).toBe(400);
    expect(await h.walletMinor(m.id)).toBe(0n);
    await expectLedgerSound(h.t);
  });
});

describe('True Wallet refusals say why (docs/payments.md §4)', () => {
  it('a 1-baht gift, an expired one and a non-link each get their reason; the same gift again keeps it', async () => {
    const m = await h.member();
    const small = await voucher(1);
    expect((await submit(m.token, small.link)).body).toEqual({
      message: 'TRUELINK_INVALID',
      reason: 'BELOW_MINIMUM',
      values: { min: '2' },
    });
    // sent again: the same reason, not "already used"
    expect((await submit(m.token, small.link)).body).toMatchObject({ reason: 'BELOW_MINIMUM' });
    const expired = await voucher(50, { status: 'expired' });
    expect((await submit(m.token, expired.link)).body).toEqual({ message: 'TRUELINK_INVALID', reason: 'EXPIRED' });
    expect((await submit(m.token, 'hello there')).body).toEqual({ message: 'TRUELINK_INVALID', reason: 'NOT_A_LINK' });
    expect((await submit(m.token, 'https://gift.truemoney.com/campaign/?v=ZZZZZZZZZZZZZZZZZZ')).body).toEqual({
      message: 'TRUELINK_INVALID',
      reason: 'NOT_FOUND',
    });
    expect(await h.walletMinor(m.id)).toBe(0n);
    await expectLedgerSound(h.t);
  });

  it('a pasted share message is redeemed by the link inside it', async () => {
    const m = await h.member();
    const v = await voucher(20);
    const shared = `ส่งซองของขวัญให้คุณ 🎁 กดรับได้ที่ ${v.link} ภายใน 24 ชั่วโมง`;
    expect((await submit(m.token, shared)).body).toEqual({ message: 'SUCCESS', amount: 20 });
    expect(await h.walletMinor(m.id)).toBe(2_000n);
    await expectLedgerSound(h.t);
  });
});
