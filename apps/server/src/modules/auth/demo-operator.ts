import { OPERATOR_ROLES } from '@wallet/contract/admin/roles';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { operators } from '../../db/schema/auth.ts';
import { decrypt } from '../../lib/crypto-box.ts';
import { operatorAccounts } from './operators.routes.ts';
import { totpContext } from './totp.ts';

/** The demo operator seeded with demo data (`npm start`); production turns demo data off. */
export const DEMO_OPERATOR = { username: 'admin', password: 'demo-admin-password' } as const;

const SYSTEM = { id: null, username: 'system' };

/**
 * The demo operator, holding every role, with a TOTP secret generated once: it lives (sealed) in the database, so
 * it is stable across restarts of the same DATA_DIR (or DATABASE_URL). Returns the secret (base32) to print.
 */
export async function seedDemoOperator(ctx: AppContext): Promise<string> {
  const { db, config } = ctx;
  const read = async () => {
    const [row] = await db.select().from(operators).where(eq(operators.username, DEMO_OPERATOR.username));
    return row;
  };
  const existing = await read();
  if (existing) {
    try {
      return decrypt(existing.totpSecretBox, config.secrets.encryptionKey, totpContext(existing.username));
    } catch {
      // sealed with another ENCRYPTION_KEY: give the demo operator a new secret (audited)
      const { accounts } = operatorAccounts(ctx);
      return accounts.replaceDemoSecret(SYSTEM, existing.id, { ip: null });
    }
  }
  const { accounts } = operatorAccounts(ctx);
  try {
    const { secret } = await db.transaction((tx) =>
      accounts.insert(tx, SYSTEM, { ...DEMO_OPERATOR, roles: OPERATOR_ROLES, confirmed: true }, { ip: null }),
    );
    return secret;
  } catch (err) {
    // another process seeded it first
    const row = await read();
    if (!row) throw err;
    return decrypt(row.totpSecretBox, config.secrets.encryptionKey, totpContext(row.username));
  }
}
