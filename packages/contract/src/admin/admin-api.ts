import type { Endpoint } from '../endpoint.ts';
import { adminApprovalEndpoints } from './approvals.ts';
import { adminAuditEndpoints } from './audit.ts';
import { adminAuthEndpoints } from './auth.ts';
import { adminAccountEndpoints } from './enrolment.ts';
import { adminAdjustmentEndpoints, adminMemberEndpoints } from './members.ts';
import { adminChatEndpoints } from './chat.ts';
import { adminDepositEndpoints } from './deposits.ts';
import { adminJobsEndpoints } from './jobs.ts';
import { adminOperatorEndpoints } from './operators.ts';
import { adminPromotionEndpoints } from './promotions.ts';
import { adminSpinwheelEndpoints } from './spinwheel.ts';
import { adminWithdrawalEndpoints } from './withdrawals.ts';
import { adminReportEndpoints } from './reports.ts';
import { adminExportEndpoints, adminMember360Endpoints, adminSearchEndpoints } from './member360.ts';
import { adminPeriodReportEndpoints } from './period-report.ts';
import { adminBannerEndpoints, adminReferralEndpoints, adminRefundEndpoints } from './referral-refunds.ts';
import { adminSettingsEndpoints } from './settings.ts';
import { adminResponsiblePlayEndpoints } from './responsible-play.ts';

/**
 * The operator back-office API (`/api/admin/*`), apart from the player's `api` so the player bundle never ships it.
 * Ids are `admin.<domain>.<name>`, e.g. `admin.operators.create`.
 */
export const adminApi = {
  auth: adminAuthEndpoints,
  operators: adminOperatorEndpoints,
  account: adminAccountEndpoints,
  audit: adminAuditEndpoints,
  spinwheel: adminSpinwheelEndpoints,
  promotions: adminPromotionEndpoints,
  withdrawals: adminWithdrawalEndpoints,
  deposits: adminDepositEndpoints,
  members: adminMemberEndpoints,
  member360: adminMember360Endpoints,
  search: adminSearchEndpoints,
  exports: adminExportEndpoints,
  periodReport: adminPeriodReportEndpoints,
  adjustments: adminAdjustmentEndpoints,
  approvals: adminApprovalEndpoints,
  reports: adminReportEndpoints,
  chat: adminChatEndpoints,
  settings: adminSettingsEndpoints,
  jobs: adminJobsEndpoints,
  banners: adminBannerEndpoints,
  referral: adminReferralEndpoints,
  refunds: adminRefundEndpoints,
  responsiblePlay: adminResponsiblePlayEndpoints,
} as const;

type AdminApi = typeof adminApi;

export type AdminEndpointId = {
  [D in keyof AdminApi]: `admin.${D & string}.${keyof AdminApi[D] & string}`;
}[keyof AdminApi];

export function listAdminEndpoints(): Array<{ id: AdminEndpointId; endpoint: Endpoint }> {
  return Object.entries(adminApi).flatMap(([domain, group]) =>
    Object.entries(group).map(([name, endpoint]) => ({
      id: `admin.${domain}.${name}` as AdminEndpointId,
      endpoint: endpoint as Endpoint,
    })),
  );
}

/** The descriptor behind an id such as `admin.operators.create`. */
export type AdminEndpointOf<Id extends AdminEndpointId> = Id extends `admin.${infer D}.${infer K}`
  ? D extends keyof AdminApi
    ? K extends keyof AdminApi[D]
      ? AdminApi[D][K]
      : never
    : never
  : never;
