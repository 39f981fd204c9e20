import type { ModuleFactory } from '../http/handlers.ts';
import { ensureMember } from '../modules/account/account.api.ts';
import { hashPassword } from '../modules/auth/auth.api.ts';
import { DEMO_OPERATOR, DEMO_SECOND_ADMIN, seedDemoOperator } from '../modules/auth/auth.module.ts';
import { LedgerService, postOpeningBalance } from '../modules/ledger/ledger.api.ts';
import { grantCoins } from '../modules/spin-wheel/spin-wheel.api.ts';

/** The demo operators (`npm start` prints their sign-in). */
export { DEMO_OPERATOR, DEMO_SECOND_ADMIN, seedDemoOperator };

/** The demo member seeded when demo data is on (`npm start` does; production turns it off). */
export const DEMO_MEMBER = {
  username: '0812345678',
  password: 'demo-password',
  name: 'DEMO PLAYER',
  bankCode: 'KBANK',
  bankAccountName: 'DEMO PLAYER',
  bankAccountNo: '0123456789',
} as const;

/** Spin coins the demo member starts with. */
const DEMO_COINS = 3;

export const demoModule: ModuleFactory = (ctx) => ({
  name: 'demo',
  seed: async ({ db, config }) => {
    if (!config.demoData) return;
    const { password, ...fields } = DEMO_MEMBER;
    const demo = await ensureMember(db, {
      ...fields,
      bankCode: config.variant === 'la' ? 'BCEL' : fields.bankCode,
      currency: config.variant === 'la' ? 'LAK' : 'THB',
      passwordHash: await hashPassword(password),
    });
    // the opening balance, through the ledger, exactly once (ledger key opening:{memberId})
    if (demo) {
      await postOpeningBalance(db, demo);
      // 3 spin coins through the coin ledger, once (the demo wheel needs coins to spin)
      await grantCoins(new LedgerService(db), {
        memberId: demo.id,
        coins: DEMO_COINS,
        key: `spin:coins:demo:${demo.id}`,
        metadata: { reason: 'demo' },
      });
    }
    await seedDemoOperator(ctx);
    await seedDemoOperator(ctx, DEMO_SECOND_ADMIN);
  },
});
