import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import ChatWidget from './chat-widget.tsx';

// the conversation itself (socket, history) is use-chat's; here only the widget's own chrome
vi.mock('./use-chat.ts', () => ({
  useChat: () => ({
    items: [],
    hasMore: false,
    isLoadingOlder: false,
    loadOlder: async () => undefined,
    connection: 'ready',
    unread: 0,
    clearUnread: () => undefined,
    endedSession: null,
    isSupportTyping: false,
    notifyTyping: () => undefined,
    sendText: () => true,
    sendFile: async () => true,
    sendPostback: () => undefined,
    resend: () => undefined,
    remove: () => undefined,
  }),
}));

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('th');
});

describe('chat widget', () => {
  it('the invitation can be dismissed without opening the chat', async () => {
    await i18next.changeLanguage('en');
    render(<ChatWidget />);
    await userEvent.click(await screen.findByTestId('chat-invitation-dismiss'));
    expect(screen.queryByTestId('chat-invitation')).toBeNull();
    expect(screen.queryByTestId('chat-panel')).toBeNull();
  });

  it('the panel close button is a 44 px target', async () => {
    render(<ChatWidget />);
    await userEvent.click(await screen.findByTestId('chat-toggle'));
    expect(screen.getByTestId('chat-close')).toHaveClass('size-11');
  });
});
