import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@wallet/web-core/api-client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingChangeDialog } from './setting-change-dialog.tsx';

const adminCall = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api.ts', () => ({ adminCall }));

const before = { enabled: false, maxAmount: 1_000 };
const after = { enabled: true, maxAmount: 50_000 };

describe('SettingChangeDialog (money-critical settings under four eyes)', () => {
  beforeEach(() => {
    adminCall.mockReset();
  });

  it('shows the diff, sends it, and says it waits for a second admin', async () => {
    const user = userEvent.setup();
    const pending = {
      id: 9,
      kind: 'setting',
      status: 'pending',
      payload: { key: 'withdrawAutoApprove', before, after },
    };
    adminCall.mockResolvedValue({ key: 'withdrawAutoApprove', value: before, pending });
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
    expect(adminCall).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ params: { key: 'withdrawAutoApprove' }, body: { value: after } }),
    );
  });

  it('shows a refusal (a change already waiting) in the dialog', async () => {
    const user = userEvent.setup();
    adminCall.mockRejectedValue(new ApiError('APPROVAL_PENDING', 409));
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
