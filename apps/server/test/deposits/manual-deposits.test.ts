import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema/audit.ts';
import { outboxEvents } from '../../src/db/schema/events.ts';
import { slips } from '../../src/db/schema/deposits.ts';
import { verifyAuditChain } from '../../src/modules/audit/audit.api.ts';
import { adminCall, operators } from '../backoffice/backoffice-helpers.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { multipart } from '../helpers/multipart-body.ts';
import { createDepositsHarness } from './deposits-harness.ts';

let h: Awaited<ReturnType<typeof createDepositsHarness>>;
let tok: Record<string, string>;
beforeAll(async () => {
  h = await createDepositsHarness();
  h.t.clock.set(new Date('2026-11-23T05:00:00Z'));
  tok = await operators(h.t, { fin: ['finance'], sup: ['support'] });
  const lookup = await h.t.ctx.settings.get('deposit');
  await h.t.ctx.settings.set('deposit', { ...lookup, isManual: true });
});
afterAll(async () => {
  expect((await verifyAuditChain(h.t.ctx.db)).problems).toEqual([]);
  await h.close();
});

const notify = (token: string, amount: unknown) => h.send('POST', '/api/wallet/add', { amount }, token);
const admin = (method: 'GET' | 'POST', url: string, body?: unknown, token = tok.fin!) =>
  adminCall(h.t, token, method, url, body);
async function pendingNotice(memberId: number) {
  const rows = await h.deposits(memberId);
  const row = rows.find((d) => d.channel === 'manual' && d.status === 'review');
  expect(row).toBeDefined();
  return row!;
}
const auditFor = (depositId: string) =>
  h.t.ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.target, `deposit:${depositId}`));

describe('manual mode: the member notifies, finance confirms or rejects', () => {
  it('a notice moves nothing; confirming credits once, a second confirm changes nothing', async () => {
    const m = await h.member();
    expect((await notify(m.token, 500)).body).toEqual({ message: 'SUCCESS' });
    expect(await h.walletMinor(m.id)).toBe(0n);
    const notice = await pendingNotice(m.id);

    const list = await admin('GET', `/api/admin/deposits?status=review&channel=manual&member=${m.id}`);
    expect(list.status).toBe(200);
    expect(list.body.rows).toEqual([
      expect.objectContaining({ id: notice.id, channel: 'manual', status: 'review', amount: 500, memberId: m.id }),
    ]);

    const first = await admin('POST', `/api/admin/deposits/${notice.id}/confirm`, { note: 'seen on KBANK statement' });
    expect(first.status).toBe(200);
    expect(first.body.row).toMatchObject({ status: 'credited', reviewedBy: 'fin', depositId: notice.id });
    const again = await admin('POST', `/api/admin/deposits/${notice.id}/confirm`, { note: 'double click' });
    expect(again.status).toBe(200);
    expect(await h.walletMinor(m.id)).toBe(50_000n);
    expect((await auditFor(notice.id)).map((a) => a.action)).toEqual(['deposit.confirm']);

    // the member sees it: the statement row and the deposit.credited event that the realtime push follows
    const statement = await h.send('POST', '/api/statement', { page: 1, limit: 10 }, m.token);
    expect(statement.body.statements).toEqual([expect.objectContaining({ statementType: 'deposit', amount: 500 })]);
    const events = await h.t.ctx.db.select().from(outboxEvents).where(eq(outboxEvents.type, 'deposit.credited'));
    expect(events.filter((e) => (e.payload as { depositId: string }).depositId === notice.id)).toHaveLength(1);

    // the read side for others: today's sum (Bangkok day) and the withdrawals queue's recent deposits
    const summary = await admin('GET', '/api/admin/deposits/summary');
    expect(summary.body.days).toContainEqual(expect.objectContaining({ day: '2026-11-23', currency: 'THB' }));
    expect((await h.send('POST', '/api/wallet/withdraw', { amount: 100 }, m.token)).status).toBe(200);
    const queue = await admin('GET', '/api/admin/withdrawals');
    const row = (queue.body.rows as Array<{ memberId: number; context: { recentDeposits: unknown[] } }>).find(
      (r) => r.memberId === m.id,
    );
    expect(row?.context.recentDeposits).toEqual([
      expect.objectContaining({ channel: 'manual', amount: 500, status: 'credited' }),
    ]);
    await expectLedgerSound(h.t);
  });

  it('rejecting moves nothing and cannot be confirmed afterwards', async () => {
    const m = await h.member();
    await notify(m.token, 300);
    const notice = await pendingNotice(m.id);
    const rejected = await admin('POST', `/api/admin/deposits/${notice.id}/reject`, { note: 'no such transfer' });
    expect(rejected.body.row).toMatchObject({ status: 'rejected', detail: 'no such transfer' });
    const late = await admin('POST', `/api/admin/deposits/${notice.id}/confirm`, { note: 'too late' });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ message: 'APPROVAL_DECIDED', values: { state: 'rejected' } });
    expect(await h.walletMinor(m.id)).toBe(0n);
    expect((await auditFor(notice.id)).map((a) => a.action)).toEqual(['deposit.reject']);
    await expectLedgerSound(h.t);
  });

  it('refuses notices below the minimum, past three open ones, and when the site is not in manual mode', async () => {
    const m = await h.member();
    expect((await notify(m.token, 0.5)).body).toEqual({ message: 'TRANSFER_MINIMUM' });
    for (let i = 0; i < 3; i++) expect((await notify(m.token, 100 + i)).status).toBe(200);
    expect((await notify(m.token, 200)).body).toEqual({ message: 'REQUEST_LIMIT' });
    const lookup = await h.t.ctx.settings.get('deposit');
    await h.t.ctx.settings.set('deposit', { ...lookup, isManual: false });
    try {
      const other = await h.member();
      expect((await notify(other.token, 100)).status).toBe(403);
    } finally {
      await h.t.ctx.settings.set('deposit', { ...lookup, isManual: true });
    }
    expect(await h.walletMinor(m.id)).toBe(0n);
  });

  it('only finance decides: support is refused, and a stranger id is NOT_FOUND', async () => {
    const m = await h.member();
    await notify(m.token, 150);
    const notice = await pendingNotice(m.id);
    expect((await admin('GET', '/api/admin/deposits', undefined, tok.sup)).status).toBe(403);
    expect((await admin('POST', `/api/admin/deposits/${notice.id}/confirm`, { note: 'x' }, tok.sup)).status).toBe(403);
    expect((await admin('POST', '/api/admin/deposits/MAAAAAAAAAAAAAAA/confirm', { note: 'x' })).status).toBe(404);
    expect((await h.send('POST', `/api/admin/deposits/${notice.id}/confirm`, { note: 'x' }, m.token)).status).toBe(401);
    expect(await h.walletMinor(m.id)).toBe(0n);
  });
});

describe('late QR money held for review (lateQrPayment: review)', () => {
  it('shows in the queue with its webhook history and is credited once by finance', async () => {
    await h.t.ctx.settings.set('lateQrPayment', 'review');
    try {
      const m = await h.member();
      const qr = (await h.send('POST', '/api/qrcode/ZPAY', { amount: 80 }, m.token)).body as {
        qrcodeId: string;
        payload: string;
      };
      await h.send('DELETE', `/api/qrcode/${qr.qrcodeId}`, undefined, m.token);
      expect((await h.send('POST', '/sandbox/qr/pay', { payload: qr.payload })).body.delivered).toBe(true);
      expect(await h.walletMinor(m.id)).toBe(0n);
      const list = await admin('GET', `/api/admin/deposits?status=review&channel=qr&member=${m.id}`);
      const row = (list.body.rows as Array<{ id: string; depositId: string }>)[0]!;
      expect(row.id).toBe(qr.qrcodeId);
      const detail = await admin('GET', `/api/admin/deposits/qr/${qr.qrcodeId}`);
      expect(detail.body.webhooks).toEqual([expect.objectContaining({ result: 'review' })]);
      const done = await admin('POST', `/api/admin/deposits/${row.depositId}/confirm`, { note: 'paid late, ours' });
      expect(done.body.row).toMatchObject({ id: qr.qrcodeId, status: 'credited', reviewedBy: 'fin' });
      await admin('POST', `/api/admin/deposits/${row.depositId}/confirm`, { note: 'again' });
      expect(await h.walletMinor(m.id)).toBe(8_000n);
      await expectLedgerSound(h.t);
    } finally {
      await h.t.ctx.settings.set('lateQrPayment', 'credit');
    }
  });
});

async function uploadSlip(token: string, data: Buffer) {
  const { payload, headers } = multipart([{ name: 'file', data, filename: 'slip.png', type: 'image/png' }]);
  const res = await h.t.app.inject({
    method: 'POST',
    url: '/api/wallet/slip',
    headers: { ...headers, authorization: `Bearer ${token}` },
    payload,
  });
  return res.json() as { status: string; note?: string; reference: string };
}
const plainImage = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();

describe('slip images: operators with finance, and the owner by a signed link', () => {
  it('serves the stored image to finance only, nosniff and inline', async () => {
    const m = await h.member();
    const slip = await uploadSlip(m.token, await plainImage(400, 700));
    expect(slip).toMatchObject({ status: 'FAILED', note: 'CANNOT_READ_CROPPED_IMAGE' });
    const url = `/api/admin/deposits/slips/${slip.reference}/image`;
    const image = await h.t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tok.fin}` } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-disposition']).toMatch(/^inline; filename="slip-/);
    for (const token of [tok.sup, m.token, undefined]) {
      const refused = await h.t.app.inject({
        method: 'GET',
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      expect(refused.statusCode).toBeGreaterThanOrEqual(401);
      expect(refused.statusCode).toBeLessThanOrEqual(403);
    }
    const detail = await admin('GET', `/api/admin/deposits/slip/${slip.reference}`);
    expect(detail.body).toMatchObject({ row: { status: 'failed', detail: 'CANNOT_READ_CROPPED_IMAGE' } });
    expect((detail.body.slip as { hasImage: boolean }).hasImage).toBe(true);
  });

  it("a member reads their own slip's link, never another member's; the link names one slip", async () => {
    const owner = await h.member();
    const other = await h.member();
    const slip = await uploadSlip(owner.token, await plainImage(400, 700));
    const mine = await h.send('GET', `/api/statement/slip/reference/${slip.reference}`, undefined, owner.token);
    expect(mine.status).toBe(200);
    const link = mine.body.url as string;
    const image = await h.t.app.inject({ method: 'GET', url: link });
    expect(image.statusCode).toBe(200);
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const theirs = await h.send('GET', `/api/statement/slip/reference/${slip.reference}`, undefined, other.token);
    expect(theirs.status).toBe(404);
    const otherSlip = await uploadSlip(other.token, await plainImage(400, 700));
    const swapped = link.replace(slip.reference, otherSlip.reference);
    expect((await h.t.app.inject({ method: 'GET', url: swapped })).statusCode).toBe(403);
    expect((await h.t.app.inject({ method: 'GET', url: `${link.split('&sig=')[0]}&sig=AAAA` })).statusCode).toBe(403);
    h.t.clock.advance(301_000);
    expect((await h.t.app.inject({ method: 'GET', url: link })).statusCode).toBe(403);
  });

  it('IMG_SIZE_UNABLE_TO_PROCESS for a thumbnail; UPLOADED_FILE_NOT_EXIST when a re-verified image is gone', async () => {
    const m = await h.member();
    expect(await uploadSlip(m.token, await plainImage(120, 90))).toMatchObject({
      status: 'FAILED',
      note: 'IMG_SIZE_UNABLE_TO_PROCESS',
    });
    const slip = await uploadSlip(m.token, await plainImage(400, 700));
    const again = await admin('POST', `/api/admin/deposits/slips/${slip.reference}/reverify`, { note: 'retry' });
    expect(again.body.row).toMatchObject({ status: 'failed', detail: 'CANNOT_READ_CROPPED_IMAGE' });
    const [row] = await h.t.ctx.db.select().from(slips).where(eq(slips.id, slip.reference));
    await h.t.ctx.storage.delete(row!.storageKey);
    const gone = await admin('POST', `/api/admin/deposits/slips/${slip.reference}/reverify`, { note: 'retry' });
    expect(gone.body.row).toMatchObject({ status: 'failed', detail: 'UPLOADED_FILE_NOT_EXIST' });
    const audit = await h.t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `slip:${slip.reference}`));
    expect(audit.map((a) => a.action)).toEqual(['slip.reverify', 'slip.reverify']);
    expect(await h.walletMinor(m.id)).toBe(0n);
    await expectLedgerSound(h.t);
  });
});
