import type { Approval } from '@wallet/contract/admin/approvals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@wallet/web-core/api-client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contractMock } from '../../testing/contract-mock.ts';
import { SettingChangeDialog } from './setting-change-dialog.tsx';

// the console's one fetcher, contract-checked: the dialog's call is parsed by the admin descriptor's schemas, the
// answer by its response
type ContractMock = ReturnType<typeof contractMock>;
const api = vi.hoisted(() => ({ current: null as null | ContractMock }));
vi.mock('../../lib/api.ts', () => ({
  adminCall: (endpoint: never, input: never) => api.current!.adminCall(endpoint, input),
}));
const answer = (handlers: Parameters<typeof contractMock>[0]) => (api.current = contractMock(handlers));

const before = { enabled: false, maxAmount: 1_000 };
const after = { enabled: true, maxAmount: 50_000 };

describe('SettingChangeDialog (money-critical settings under four eyes)', () => {
  beforeEach(() => {
    // a call a test does not answer fails it
    answer({});
  });

  it('shows the diff, sends it, and says it waits for a second admin', async () => {
    const user = userEvent.setup();
    const pending: Approval = {
      id: 9,
      kind: 'setting',
      target: 'setting:withdrawAutoApprove',
      memberId: null,
      amount: null,
      currency: null,
      payload: { key: 'withdrawAutoApprove', before, after },
      role: 'admin',
      status: 'pending',
      requestedBy: 'admin1',
      requestedAt: '2026-11-27T07:02:00.000Z',
      decidedBy: null,
      decidedAt: null,
      decisionNote: null,
    };
    const mock = answer({ 'admin.settings.update': () => ({ key: 'withdrawAutoApprove', value: before, pending }) });
    const onSuccess = vi.fn();
    const onOpenChange = vi.fn();
    render(
      <SettingChangeDialog
        open
        onOpenChange={onOpenChange}
        settingKey="withdrawAutoApprove"
        before={before}
        after={after}
        onSuccess={onSuccess}
      />,
    );
    const diff = screen.getByTestId('value-diff');
    const rows = within(diff).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['enabledfalsetrue', 'maxAmount100050000']);
    await user.click(screen.getByTestId('setting-change-send'));
    expect(await screen.findByRole('status')).toHaveTextContent('Waiting for a second admin');
    expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ value: before, pending }));
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(mock.calls).toEqual([
      {
        id: 'admin.settings.update',
        input: expect.objectContaining({ params: { key: 'withdrawAutoApprove' }, body: { value: after } }),
      },
    ]);
  });

  it('shows a refusal (a change already waiting) in the dialog', async () => {
    const user = userEvent.setup();
    answer({
      'admin.settings.update': () => {
        throw new ApiError('APPROVAL_PENDING', 409);
      },
    });
    const onOpenChange = vi.fn();
    render(
      <SettingChangeDialog
        open
        onOpenChange={onOpenChange}
        settingKey="withdrawAutoApprove"
        before={before}
        after={after}
        onSuccess={vi.fn()}
      />,
    );
    await user.click(screen.getByTestId('setting-change-send'));
    expect(await screen.findByRole('alert')).toHaveTextContent('already waiting for a second operator');
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
