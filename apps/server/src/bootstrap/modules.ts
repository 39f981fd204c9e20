import type { ModuleFactory } from '../http/handlers.ts';
import { idempotencyModule } from '../http/idempotency.ts';
import { accountModule, memberAdminModule } from '../modules/account/account.module.ts';
import { createApprovalsModule } from '../modules/approvals/approvals.module.ts';
import { auditModule } from '../modules/audit/audit.module.ts';
import { createBackofficeModule } from '../modules/backoffice/backoffice.module.ts';
import { chatModule } from '../modules/chat/chat.module.ts';
import { operatorsModule, passkeysModule } from '../modules/auth/auth.module.ts';
import { contentModule } from '../modules/content/content.module.ts';
import { depositsModule, manualDepositApprovals } from '../modules/deposits/deposits.module.ts';
import { gameAccountsModule } from '../modules/game-accounts/game-accounts.module.ts';
import { gameTransfersModule } from '../modules/game-transfers/game-transfers.module.ts';
import { inboxModule } from '../modules/inbox/inbox.module.ts';
import { referralModule } from '../modules/referral/referral.module.ts';
import { notifyModule } from '../modules/notify/notify.module.ts';
import { refundsModule } from '../modules/refunds/refunds.module.ts';
import { responsiblePlayModule } from '../modules/responsible-play/responsible-play.module.ts';
import { promotionsModule } from '../modules/promotions/promotions.module.ts';
import { spinWheelModule } from '../modules/spin-wheel/spin-wheel.module.ts';
import { settingApprovals, settingsModule } from '../modules/settings/settings.module.ts';
import { statementModule } from '../modules/statement/statement.module.ts';
import { withdrawalsModule } from '../modules/withdrawals/withdrawals.module.ts';
import { adjustmentApprovals, adjustmentsModule, walletModule } from '../modules/wallet/wallet.module.ts';
import { demoModule } from './demo.ts';
import { jobsAdminModule } from '../jobs/jobs-admin.ts';
import { ledgerCheckModule, ledgerProblems } from './ledger-check.ts';
import { sandboxModule } from './sandbox.ts';

/**
 * Every feature module, in registration order (docs/design.md §9.1). A new module is added here.
 */
export const modules: ModuleFactory[] = [
  contentModule,
  accountModule,
  passkeysModule,
  demoModule,
  walletModule,
  gameAccountsModule,
  gameTransfersModule,
  withdrawalsModule,
  depositsModule,
  sandboxModule,
  statementModule,
  inboxModule,
  spinWheelModule,
  referralModule,
  promotionsModule,
  refundsModule,
  responsiblePlayModule,
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
  notifyModule,
  settingsModule,
  jobsAdminModule,
];
