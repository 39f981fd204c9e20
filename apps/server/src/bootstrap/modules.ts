import type { ModuleFactory } from '../http/handlers.ts';
import { idempotencyModule } from '../http/idempotency.ts';
import { accountModule, memberAdminModule } from '../modules/account/account.api.ts';
import { createApprovalsModule } from '../modules/approvals/approvals.api.ts';
import { auditModule } from '../modules/audit/audit.api.ts';
import { createBackofficeModule } from '../modules/backoffice/backoffice.api.ts';
import { chatModule } from '../modules/chat/chat.api.ts';
import { operatorsModule } from '../modules/auth/auth.api.ts';
import { contentModule } from '../modules/content/content.api.ts';
import { depositsModule, manualDepositApprovals } from '../modules/deposits/deposits.api.ts';
import { gameAccountsModule } from '../modules/game-accounts/game-accounts.api.ts';
import { gameTransfersModule } from '../modules/game-transfers/game-transfers.api.ts';
import { referralModule } from '../modules/referral/referral.api.ts';
import { refundsModule } from '../modules/refunds/refunds.api.ts';
import { promotionsModule } from '../modules/promotions/promotions.api.ts';
import { spinWheelModule } from '../modules/spin-wheel/spin-wheel.api.ts';
import { settingApprovals, settingsModule } from '../modules/settings/settings.api.ts';
import { statementModule } from '../modules/statement/statement.api.ts';
import { withdrawalsModule } from '../modules/withdrawals/withdrawals.api.ts';
import { adjustmentApprovals, adjustmentsModule, walletModule } from '../modules/wallet/wallet.api.ts';
import { demoModule } from './demo.ts';
import { jobsAdminModule } from '../jobs/jobs-admin.ts';
import { ledgerCheckModule, ledgerProblems } from './ledger-check.ts';
import { sandboxModule } from './sandbox.ts';

/**
 * Every feature module, in registration order (DESIGN.md §9.1). Each issue adds its module here. The empty homes
 * (deposits, promotions, referral, refunds, spin-wheel, chat, backoffice) join once they serve something.
 */
export const modules: ModuleFactory[] = [
  contentModule,
  accountModule,
  demoModule,
  walletModule,
  gameAccountsModule,
  gameTransfersModule,
  withdrawalsModule,
  depositsModule,
  sandboxModule,
  statementModule,
  spinWheelModule,
  referralModule,
  promotionsModule,
  refundsModule,
  idempotencyModule,
  ledgerCheckModule,
  operatorsModule,
  auditModule,
  memberAdminModule,
  adjustmentsModule,
  // four eyes: one queue, each kind executed by its owner (docs/decisions/0022-four-eyes-approvals.md)
  createApprovalsModule([adjustmentApprovals, manualDepositApprovals, settingApprovals]),
  createBackofficeModule({ ledgerProblems }),
  chatModule,
  settingsModule,
  jobsAdminModule,
];
