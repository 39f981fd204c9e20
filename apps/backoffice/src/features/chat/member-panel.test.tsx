import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { MemberPanel } from './member-panel.tsx';
import en from './locales/en.json';
import th from './locales/th.json';

const MEMBER = {
  id: 7,
  name: 'Somchai',
  username: '0812345678',
  currency: 'THB',
  createdAt: '2026-11-01T03:00:00.000Z',
  balance: '125050',
  conditionRunning: true,
  deposits: [
    {
      id: 'd2',
      channel: 'qr' as const,
      amount: 300,
      currency: 'THB',
      status: 'credited' as const,
      createdAt: '2026-11-23T10:00:00.000Z',
    },
    {
      id: 'd1',
      channel: 'manual' as const,
      amount: 1000,
      currency: 'THB',
      status: 'review' as const,
      createdAt: '2026-11-22T10:00:00.000Z',
    },
  ],
  withdrawals: [{ id: 'w1', amount: 200, currency: 'THB', status: 'paid', createdAt: '2026-11-23T11:00:00.000Z' }],
};

async function renderIn(lng: 'th' | 'en', member = MEMBER) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ lng, resources: { th: { chat: th }, en: { chat: en } } });
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <MemberPanel member={member} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('MemberPanel', () => {
  it('shows the balance, the running condition, the latest deposits and withdrawals (th)', async () => {
    await renderIn('th');
    expect(screen.getByTestId('chat-balance')).toHaveTextContent('1,250.50 THB');
    expect(screen.getByTestId('chat-condition')).toHaveTextContent(th.conditionRunning);
    const deposits = within(screen.getByTestId('chat-deposits')).getAllByRole('listitem');
    expect(deposits.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^300\.00QRเข้ากระเป๋าแล้ว/),
      expect.stringMatching(/^1,000\.00แจ้งฝากเองรอตรวจสอบ/),
    ]);
    expect(within(screen.getByTestId('chat-withdrawals')).getByRole('listitem')).toHaveTextContent(
      th.withdrawalStatus.paid,
    );
  });

  it('says when there are no deposits or withdrawals yet (en)', async () => {
    await renderIn('en', { ...MEMBER, deposits: [], withdrawals: [], conditionRunning: false });
    expect(screen.getByText('No deposits yet')).toBeInTheDocument();
    expect(screen.getByText('No withdrawals yet')).toBeInTheDocument();
    expect(screen.queryByTestId('chat-deposits')).toBeNull();
  });
});
