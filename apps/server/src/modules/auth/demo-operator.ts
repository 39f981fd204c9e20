import { OPERATOR_ROLES } from '@wallet/contract/admin/roles';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { operators } from '../../db/schema/auth.ts';
import { decrypt } from '../../lib/crypto-box.ts';
import { operatorAccounts } from './operators.routes.ts';
import { totpContext } from './totp.ts';

/** The demo operator seeded with demo data (`npm start`); production turns demo data off. */
export const DEMO_OPERATOR = { username: 'admin', password: 'demo-admin-password' } as const;
/**
 * A second demo admin (role admin only): granting admin or finance needs a second admin's approval
 * (docs/decisions/0023-operator-enrolment.md), so a demo needs two.
 */
export const DEMO_SECOND_ADMIN = { username: 'admin2', password: 'demo-admin2-password' } as const;
type DemoOperator = typeof DEMO_OPERATOR | typeof DEMO_SECOND_ADMIN;

const SYSTEM = { id: null, username: 'system' };

/**
 * A demo operator (the first holds every role, the second admin only), with a TOTP secret generated once: it lives (sealed) in the database, so
 * it is stable across restarts of the same DATA_DIR (or DATABASE_URL). Returns the secret (base32) to print.
 */
export async function seedDemoOperator(ctx: AppContext, who: DemoOperator = DEMO_OPERATOR): Promise<string> {
  const { db, config } = ctx;
  const roles = who.username === DEMO_OPERATOR.username ? OPERATOR_ROLES : (['admin'] as const);
  const read = async () => {
    const [row] = await db.select().from(operators).where(eq(operators.username, who.username));
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
      accounts.insert(tx, SYSTEM, { ...who, roles, confirmed: true }, { ip: null }),
    );
    return secret;
  } catch (err) {
    // another process seeded it first
    const row = await read();
    if (!row) throw err;
    return decrypt(row.totpSecretBox, config.secrets.encryptionKey, totpContext(row.username));
  }
}
