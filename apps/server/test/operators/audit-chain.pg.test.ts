import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { auditLog } from '../../src/db/schema/audit.ts';
import { appendAudit } from '../../src/modules/audit/audit-log.ts';
import { verifyAuditChain } from '../../src/modules/audit/audit-verify.ts';
import { freshDatabase } from '../helpers/test-app.ts';

let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
  await database.migrate();
});
afterAll(() => database.close());

describe('the audit chain under concurrency (PostgreSQL)', () => {
  it('stays linear when 200 transactions on 30 connections append at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        database.db.transaction((tx) =>
          appendAudit(
            tx,
            {
              actor: { id: i, username: `op${i}` },
              action: 'operator.update',
              target: `operator:${i}`,
              before: null,
              after: { i },
              ip: null,
            },
            new Date(),
          ),
        ),
      ),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(200);
    const ids = (await database.db.select({ id: auditLog.id }).from(auditLog)).map((r) => r.id).sort((a, b) => a - b);
    expect(ids).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(await verifyAuditChain(database.db)).toEqual({ rows: 200, problems: [] });
  });
});
