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
  'lateQrPayment',
] as const satisfies readonly SettingKey[];

export function isFourEyesSetting(key: SettingKey): boolean {
  return (FOUR_EYES_SETTINGS as readonly SettingKey[]).includes(key);
}
export type AdminSetting = z.infer<typeof AdminSettingSchema>;

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
    response: z.object({ settings: z.array(AdminSettingSchema) }),
    summary: 'Every setting with its current value',
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
