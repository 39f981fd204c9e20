import { sql } from 'drizzle-orm';
import { get, post, type Reply } from '../account/account-helpers.ts';
import type { TestApp } from '../helpers/test-app.ts';
import type { Player } from '../referral/referral-harness.ts';

/** A LINE user id of the simulator (U + 32 hex), distinct per call. */
let users = 0;
export const lineUser = (): string => `U${(++users).toString(16).padStart(4, '0')}${'b'.repeat(28)}`;

/** The player asks for a link code, then follows the official account in the simulator and sends the code. */
export async function linkLine(t: TestApp, p: Player, language: 'th' | 'la' | 'en', userId = lineUser()) {
  const code = await post(t, '/api/notify/line/code', { language }, { token: p.token });
  if (code.status !== 200) throw new Error(`link code: ${JSON.stringify(code)}`);
  const hook = await post(t, `/sandbox/line/_users/${userId}/follow`, { text: `link ${String(code.body.code)}` });
  if (hook.body.webhookStatus !== 200) throw new Error(`follow webhook: ${JSON.stringify(hook)}`);
  return userId;
}

export const lineStatus = async (t: TestApp, p: Player): Promise<Reply['body']> =>
  (await get(t, '/api/notify/line', { token: p.token })).body;

/** What the simulator recorded for one LINE user. */
export async function lineMessages(t: TestApp, userId: string): Promise<string[]> {
  const res = await get(t, `/sandbox/line/_messages?to=${userId}`);
  return (res.body as unknown as { messages: { text: string }[] }[]).flatMap((m) => m.messages.map((x) => x.text));
}

/**
 * Run the queued `line-push` jobs once each, as the job runner's worker would (test apps run with JOBS off), and
 * mark them done. Returns their results.
 */
export async function runLinePushes(
  t: TestApp,
  options: { keepQueued?: boolean; job?: 'line-push' | 'line-alert' } = {},
): Promise<unknown[]> {
  const name = options.job ?? 'line-push';
  const job = t.modules.flatMap((m) => m.jobs ?? []).find((j) => j.name === name);
  if (!job) throw new Error(`no ${name} job`);
  const queued = (await t.ctx.db.execute(
    sql`select id, data from pgboss.job where name = ${name} and state = 'created' order by created_on`,
  )) as unknown as { rows: { id: string; data: { data: never } }[] };
  const results: unknown[] = [];
  for (const row of queued.rows) {
    results.push(await job.handler({ data: row.data.data, attempt: 1, slot: null, runId: 0 }));
    if (!options.keepQueued)
      await t.ctx.db.execute(sql`update pgboss.job set state = 'completed' where id = ${row.id}`);
  }
  return results;
}
