import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { SETTING_KEYS, type SettingKey } from '../settings.ts';
import { ApprovalSchema } from './approvals.ts';

const SettingKeySchema = z.enum(SETTING_KEYS as [SettingKey, ...SettingKey[]]);

export const AdminSettingSchema = z.object({
  key: SettingKeySchema,
  /** the stored value (or the key's default); null when an unseeded key has none */
  value: z.unknown(),
  /** a money-critical key's change waiting for a second admin (payload: key, before, after), else null */
  pending: ApprovalSchema.nullable(),
});

/**
 * Money-critical keys (docs/decisions/0022-four-eyes-approvals.md): a change waits for a second admin, who sees its
 * diff; both names are audited. Every other key is written at once.
 */
const FOUR_EYES_SETTINGS = [
  'deposit',
  'withdrawAutoApprove',
  'withdrawLimits',
  'adjustmentApprovalAbove',
  'manualDepositCap',
  'maxQrDeposit',
  // a kip wallet's withdrawal bounds and manual-notice cap
  'kipAmounts',
  'lateQrPayment',
] as const satisfies readonly SettingKey[];

export function isFourEyesSetting(key: SettingKey): boolean {
  return (FOUR_EYES_SETTINGS as readonly SettingKey[]).includes(key);
}
export type AdminSetting = z.infer<typeof AdminSettingSchema>;

/** What a setting governs: the console's menu groups, in this order (apps/server settings descriptors). */
export const SETTING_GROUPS = [
  'deposits',
  'withdrawals',
  'fourEyes',
  'bonuses',
  'abuse',
  'chat',
  'content',
  'site',
  'security',
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];
/** The unit a number is in: whole baht (the site's currency) or kip, minutes, hours, percent, a count, or a multiple. */
export const SETTING_UNITS = ['THB', 'LAK', 'minutes', 'hours', 'percent', 'count', 'times'] as const;
export type SettingUnit = (typeof SETTING_UNITS)[number];

/** A setting as the list shows it: its value, its group and the units of its numbers ('' = the value itself). */
export const AdminSettingListItemSchema = AdminSettingSchema.extend({
  group: z.enum(SETTING_GROUPS),
  units: z.record(z.string(), z.enum(SETTING_UNITS)),
});
export type AdminSettingListItem = z.infer<typeof AdminSettingListItemSchema>;

/**
 * The settings store (role `admin`): every key of packages/contract/src/settings.ts. A write is parsed with the key's
 * schema (KEY_INVALID otherwise), audited in its transaction, announced as `settings.updated`, and read by every
 * process within a second.
 */
export const adminSettingsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/settings',
    access: { operator: ['admin'] },
    response: z.object({ settings: z.array(AdminSettingListItemSchema) }),
    summary: 'Every setting with its current value, the group it belongs to and the units of its numbers',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/settings/:key',
    access: { operator: ['admin'] },
    params: z.object({ key: SettingKeySchema }),
    body: z.object({ value: z.unknown() }),
    response: AdminSettingSchema,
    summary:
      'Replace one setting (the whole value, parsed with its schema); audited. A money-critical key answers with its unchanged value and the pending change',
  }),
};
