import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorEnrolments, operators } from '../../src/db/schema/auth.ts';
import { checkLedgerInvariants } from '../../src/modules/ledger/ledger.api.ts';
import { totpCode } from '../../src/modules/auth/totp.ts';
import { post, uniqueIp, type Reply } from '../account/account-helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { adminToken, openEnrolment, secretOfUri, TOTP_STEP_MS } from '../operators/operator-helpers.ts';

/**
 * An attacker at the public enrolment pages (docs/decisions/0023-operator-enrolment.md): guessing tokens, reusing a
 * spent or superseded link, an expired one, racing two finishes, guessing codes. Every refusal is a catalogue code,
 * never a 500; nothing is half-written.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterAll(() => t.close());

const PASSWORD = 'hostile-own-password';
const invite = async (username: string) => {
  const res = await post(t, '/api/admin/operators', { username, roles: ['support'] }, { token: admin });
  expect(res.status).toBe(200);
  return (res.body.enrolment as { token: string }).token;
};
const finish = (token: string, totp: string, ip = uniqueIp(), password = PASSWORD) =>
  post(t, '/api/admin/enrolment', { token, password, totp }, { ip });
const secretOf = async (token: string) =>
  secretOfUri(((await openEnrolment(t, token)).body.totp as { uri: string }).uri);
const tally = (replies: Reply[]) =>
  replies.reduce<Record<string, number>>((acc, r) => {
    const key = `${r.status} ${String(r.body.message ?? 'ok')}`;
    acc[key] = (acc[key] ?? 0) + 1;
    return acc;
  }, {});
const ledgerClean = async () => expect(await checkLedgerInvariants(t.ctx.db)).toEqual([]);

describe('hostile: operator enrolment links', () => {
  it('guessed tokens learn nothing and one address is stopped after 20 tries', async () => {
    const ip = uniqueIp();
    const replies: Reply[] = [];
    for (let i = 0; i < 25; i += 1) {
      const guess = randomBytes(32).toString('base64url');
      replies.push(await post(t, '/api/admin/enrolment/open', { token: guess }, { ip }));
    }
    const counts = tally(replies);
    console.info('hostile: guessed enrolment tokens', counts);
    expect(counts).toEqual({ '400 ENROLMENT_INVALID': 20, '429 REQUEST_LIMIT': 5 });
    // malformed tokens never reach a lookup: the schema refuses them
    for (const token of ['', 'short', 'x'.repeat(200), "' or 1=1 --", '../../etc/passwd']) {
      const res = await post(t, '/api/admin/enrolment/open', { token }, { ip: uniqueIp() });
      expect(res, token).toEqual({ status: 400, body: { message: 'KEY_INVALID' } });
    }
    await ledgerClean();
  });

  it('a spent link cannot be used again, and two racing finishes spend it once', async () => {
    const token = await invite('racer');
    const secret = await secretOf(token);
    const code = totpCode(secret, t.clock.now());
    const raced = await Promise.all([finish(token, code), finish(token, code), finish(token, code)]);
    const counts = tally(raced);
    console.info('hostile: racing finishes of one link', counts);
    expect(counts['200 SUCCESS']).toBe(1);
    expect(Object.keys(counts).every((k) => k === '200 SUCCESS' || k === '400 ENROLMENT_INVALID')).toBe(true);
    t.clock.advance(TOTP_STEP_MS);
    const replay = await finish(token, totpCode(secret, t.clock.now()), uniqueIp(), 'attacker-password-1');
    expect(replay).toEqual({ status: 400, body: { message: 'ENROLMENT_INVALID' } });
    expect(await openEnrolment(t, token)).toEqual({ status: 400, body: { message: 'ENROLMENT_INVALID' } });
    const [row] = await t.ctx.db.select().from(operators).where(eq(operators.username, 'racer'));
    expect(row?.passwordHash).not.toBeNull();
    const links = await t.ctx.db.select().from(operatorEnrolments).where(eq(operatorEnrolments.operatorId, row!.id));
    expect(links.filter((l) => l.usedAt !== null)).toHaveLength(1);
    await ledgerClean();
  });

  it('a superseded or expired link is refused, and wrong codes on one link stop after 5', async () => {
    const old = await invite('victim');
    const [victim] = await t.ctx.db.select().from(operators).where(eq(operators.username, 'victim'));
    const again = await post(t, `/api/admin/operators/${victim!.id}/enrolment`, undefined, { token: admin });
    const fresh = (again.body.enrolment as { token: string }).token;
    const oldSecret = secretOfUri(
      ((await post(t, '/api/admin/enrolment/open', { token: fresh }, { ip: uniqueIp() })).body.totp as { uri: string })
        .uri,
    );
    expect(await finish(old, totpCode(oldSecret, t.clock.now()))).toEqual({
      status: 400,
      body: { message: 'ENROLMENT_INVALID' },
    });

    const right = totpCode(oldSecret, t.clock.now());
    const wrongs: Reply[] = [];
    for (let i = 0; i < 7; i += 1) {
      const wrong = String((Number(right) + 1 + i * 7919) % 1_000_000).padStart(6, '0');
      wrongs.push(await finish(fresh, wrong));
    }
    const counts = tally(wrongs);
    console.info('hostile: wrong codes on one link', counts);
    expect(counts).toEqual({ '400 TOTP_CODE_WRONG': 5, '429 REQUEST_LIMIT': 2 });
    // the right code is refused too until the window passes: no sixth guess gets through
    expect(await finish(fresh, right)).toEqual({ status: 429, body: { message: 'REQUEST_LIMIT' } });

    // and after the link's hours, nothing works any more
    t.clock.advance(24 * 3600_000);
    const late = await finish(fresh, totpCode(oldSecret, t.clock.now()));
    expect(late).toEqual({ status: 400, body: { message: 'ENROLMENT_EXPIRED' } });
    expect(await openEnrolment(t, fresh)).toEqual({ status: 400, body: { message: 'ENROLMENT_EXPIRED' } });
    const [after] = await t.ctx.db.select().from(operators).where(eq(operators.username, 'victim'));
    expect(after?.passwordHash).toBeNull();
    console.info('hostile: superseded/expired', { superseded: 1, expired: 2 });
    await ledgerClean();
  });
});
