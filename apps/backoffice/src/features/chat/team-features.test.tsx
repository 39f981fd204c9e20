// @vitest-environment jsdom
import type { AdminChatMessage } from '@wallet/contract/admin/chat';
import type { CannedReply } from '@wallet/contract/admin/chat-team';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { Composer, matchCanned } from './composer.tsx';
import { MessageList } from './message-list.tsx';
import en from './locales/en.json';
import th from './locales/th.json';

const REPLIES: CannedReply[] = [
  { id: 1, shortCode: 'hello', language: 'th', text: 'สวัสดีค่ะ', updatedAt: '2026-01-01T00:00:00Z' },
  { id: 2, shortCode: 'hello', language: 'en', text: 'Hello, how can I help?', updatedAt: '2026-01-01T00:00:00Z' },
  { id: 3, shortCode: 'slip', language: 'en', text: 'Please send your slip.', updatedAt: '2026-01-01T00:00:00Z' },
];
vi.mock('../../lib/api.ts', () => ({ adminCall: async () => ({ replies: REPLIES }) }));

async function wrap(lng: 'th' | 'en', children: ReactNode) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({ lng, resources: { th: { chat: th }, en: { chat: en } } });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('canned replies in the composer', () => {
  it('matches "/" drafts by short code (any language) and by text', () => {
    expect(matchCanned(REPLIES, 'hello')).toEqual([]);
    expect(matchCanned(REPLIES, '/hel').map((r) => r.id)).toEqual([1, 2]);
    expect(matchCanned(REPLIES, '/SLIP').map((r) => r.id)).toEqual([3]);
    expect(matchCanned(REPLIES, '/').map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('"/" opens the menu; Enter puts the chosen reply in the draft, a second Enter sends it as a reply', async () => {
    const onSend = vi.fn();
    await wrap('en', <Composer onSend={onSend} onTyping={() => undefined} isSending={false} />);
    const box = screen.getByTestId('chat-reply');
    fireEvent.change(box, { target: { value: '/sl' } });
    expect(await screen.findByTestId('canned-menu')).toHaveTextContent('/slip');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box).toHaveValue('Please send your slip.');
    expect(screen.queryByTestId('canned-menu')).toBeNull();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('Please send your slip.', 'reply');
  });

  it('the note tab sends a private note (th labels)', async () => {
    const onSend = vi.fn();
    await wrap('th', <Composer onSend={onSend} onTyping={() => undefined} isSending={false} />);
    fireEvent.click(screen.getByTestId('composer-note'));
    expect(screen.getByTestId('chat-reply-send')).toHaveTextContent('เพิ่มโน้ต');
    fireEvent.change(screen.getByTestId('chat-reply'), { target: { value: 'โทรกลับหลัง 6 โมง' } });
    fireEvent.click(screen.getByTestId('chat-reply-send'));
    expect(onSend).toHaveBeenCalledWith('โทรกลับหลัง 6 โมง', 'note');
  });
});

describe('message list', () => {
  const base = { session_id: 's1', conversationId: 1, createdAt: '2026-11-27T10:05:00.000Z' };
  const messages: AdminChatMessage[] = [
    {
      ...base,
      _id: '1',
      sender: 'customer',
      message: { message_type: 'text', payload: 'hi' },
      note: false,
      author: null,
    },
    {
      ...base,
      _id: '2',
      sender: 'other',
      message: { message_type: 'text', payload: 'VIP' },
      note: true,
      author: 'somsri',
    },
    {
      ...base,
      _id: '3',
      sender: 'other',
      message: { message_type: 'text', payload: 'hello' },
      note: false,
      author: 'somsri',
    },
  ];

  it('shows each bubble with its time, and a note apart with its author', async () => {
    await wrap('en', <MessageList messages={messages} />);
    expect(screen.getAllByTestId('console-message')).toHaveLength(2);
    const note = screen.getByTestId('console-note');
    expect(note).toHaveTextContent('Private note: only the team sees it');
    expect(note).toHaveTextContent('Private note · somsri');
    expect(document.querySelectorAll('time')).toHaveLength(3);
    expect(document.querySelector('time')?.getAttribute('dateTime')).toBe(base.createdAt);
  });
});
