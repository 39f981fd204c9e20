import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ABSOLUTE_MS } from '../../src/modules/auth/session.service.ts';
import { DEMO_MEMBER } from '../../src/bootstrap/demo.ts';
import { members } from '../../src/db/schema/core.ts';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let memberId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [demo] = await t.ctx.db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.username, DEMO_MEMBER.username));
  memberId = demo!.id;
});
afterAll(() => t.close());

describe('sessions (signature checks are cached per token)', () => {
  it('still expires a token whose signature was verified and cached', async () => {
    const token = await t.ctx.sessions.create(memberId);
    await expect(t.ctx.sessions.verify(token)).resolves.toMatchObject({ id: memberId });
    t.clock.advance(SESSION_ABSOLUTE_MS + 1000);
    await expect(t.ctx.sessions.verify(token)).rejects.toMatchObject({ code: 'invalid-token' });
  });

  it('revokes a cached token at once', async () => {
    const token = await t.ctx.sessions.create(memberId);
    const session = await t.ctx.sessions.verify(token);
    await t.ctx.sessions.revoke(session.sessionId);
    await expect(t.ctx.sessions.verify(token)).rejects.toMatchObject({ code: 'invalid-token' });
  });

  it('refuses a token whose signature was altered after a good one was cached', async () => {
    const token = await t.ctx.sessions.create(memberId);
    await t.ctx.sessions.verify(token);
    const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'BB' : 'AA'}`;
    await expect(t.ctx.sessions.verify(tampered)).rejects.toMatchObject({ code: 'invalid-token' });
  });
});
