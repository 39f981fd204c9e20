import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GlobalSearch } from './global-search.tsx';

const adminCall = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api.ts', () => ({ adminCall }));

const hits = {
  members: [{ id: 12, name: 'Somchai Jaidee', username: '0811111111', bankAccount: '•••4321', status: 'active' }],
  withdrawals: [
    { id: 'WD-abc12345', memberId: 34, memberName: 'Malee', amount: 250, status: 'pending_review', createdAt: '' },
  ],
  deposits: [],
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderSearch() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <GlobalSearch />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('GlobalSearch', () => {
  beforeEach(() => {
    adminCall.mockReset();
    adminCall.mockResolvedValue(hits);
  });

  it('groups the results; arrow keys move and Enter opens the row on its member page', async () => {
    const user = userEvent.setup();
    renderSearch();
    const box = screen.getByRole('combobox', { name: 'Search the console' });
    await user.type(box, 'somchai');
    const member = await screen.findByRole('option', { name: /Somchai Jaidee/ }, { timeout: 5_000 });
    expect(screen.getByRole('group', { name: 'Members' })).toContainElement(member);
    expect(member).toHaveAttribute('aria-selected', 'true');
    expect(member).toHaveTextContent('•••4321');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: /250\.00/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/members/34?tab=withdrawals'));
    expect(adminCall).toHaveBeenCalledWith(expect.anything(), { query: { q: 'somchai' } });
  });

  it('asks for two characters before searching, and Escape closes the list', async () => {
    const user = userEvent.setup();
    renderSearch();
    const box = screen.getByRole('combobox', { name: 'Search the console' });
    await user.type(box, 's');
    expect(screen.getByRole('listbox')).toHaveTextContent('Type at least 2 characters');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(adminCall).not.toHaveBeenCalled();
  });
});
