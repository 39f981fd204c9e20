import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPglite, type Database, type Db } from '../../src/db/client.ts';
import { auditLog } from '../../src/db/schema/audit.ts';
import { appendAudit, auditHash } from '../../src/modules/audit/audit-log.ts';
import { verifyAuditChain } from '../../src/modules/audit/audit-verify.ts';
import { freshDatabase } from '../helpers/test-app.ts';

const AT = new Date('2026-11-21T05:00:00.123Z');
const actor = { id: 7, username: 'alice' };

async function append(db: Db, n: number): Promise<void> {
  for (let i = 1; i <= n; i++) {
    await db.transaction((tx) =>
      appendAudit(
        tx,
        {
          actor,
          action: 'operator.update',
          target: `operator:${i}`,
          before: { roles: ['support'] },
          after: { roles: ['admin', 'support'], n: i },
          ip: '10.0.0.1',
        },
        new Date(AT.getTime() + i * 1000),
      ),
    );
  }
}

let database: Database;
beforeEach(async () => {
  database = await freshDatabase();
  await database.migrate();
});
afterEach(() => database.close());

describe('the audit hash chain', () => {
  it('passes when intact', async () => {
    await append(database.db, 5);
    expect(await verifyAuditChain(database.db)).toEqual({ rows: 5, problems: [] });
  });

  it('detects an edited row and names it', async () => {
    await append(database.db, 5);
    await database.db
      .update(auditLog)
      .set({ after: { roles: ['admin'] } })
      .where(eq(auditLog.id, 3));
    expect((await verifyAuditChain(database.db)).problems).toEqual(['row 3: content does not match its hash (edited)']);
  });

  it('detects an edited row whose hash was recomputed, at the next link', async () => {
    await append(database.db, 5);
    const [row] = await database.db.select().from(auditLog).where(eq(auditLog.id, 2));
    const forged = { ...row!, operator: 'mallory' };
    await database.db
      .update(auditLog)
      .set({ operator: 'mallory', hash: auditHash(forged) })
      .where(eq(auditLog.id, 2));
    expect((await verifyAuditChain(database.db)).problems).toEqual([
      'row 3: link to row 2 broken (row 2 edited, or row 3 edited)',
    ]);
  });

  it('detects a deleted row in the middle and at the end', async () => {
    await append(database.db, 5);
    await database.db.delete(auditLog).where(eq(auditLog.id, 2));
    expect((await verifyAuditChain(database.db)).problems).toEqual(['row 2 missing (deleted) before row 3']);
    await database.db.delete(auditLog).where(sql`${auditLog.id} >= 4`);
    expect((await verifyAuditChain(database.db)).problems).toEqual([
      'row 2 missing (deleted) before row 3',
      'row 4–5 missing (deleted): the chain head names row 5',
    ]);
  });

  it('rolls an audit row back with the change it records', async () => {
    await append(database.db, 2);
    await expect(
      database.db.transaction(async (tx) => {
        await appendAudit(
          tx,
          { actor, action: 'operator.create', target: 'operator:9', before: null, after: {}, ip: null },
          AT,
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await append(database.db, 1);
    expect(await verifyAuditChain(database.db)).toEqual({ rows: 3, problems: [] });
  });
});

describe('npm run audit:verify', () => {
  it('exits 1 and names the row after a deletion', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'audit-verify-'));
    const seeded = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
    await seeded.migrate();
    await append(seeded.db, 3);
    await seeded.db.delete(auditLog).where(eq(auditLog.id, 2));
    await seeded.close();
    const { DATABASE_URL: _ignored, ...env } = process.env;
    const script = path.join(import.meta.dirname, '../../src/scripts/audit-verify.ts');
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
      env: { ...env, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(run.stdout).toContain('2 audit rows');
    expect(run.stdout).toContain('row 2 missing (deleted) before row 3');
    expect(run.status).toBe(1);
  });
});
