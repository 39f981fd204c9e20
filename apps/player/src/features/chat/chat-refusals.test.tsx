import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatApi } from './chat-api.ts';
import { ensureChatStrings } from './chat-strings.ts';
import type { ChatItem } from './use-chat.ts';
import { DeliveryLine } from './widget-parts.tsx';

/**
 * The chat widget shows why the server refused a visitor's message: too many requests from the address
 * (REQUEST_LIMIT, also when no new guest id could be had) or too many open chats (CHAT_GUEST_LIMIT), in th / la / en,
 * under the message that was not sent.
 */
// the widget loads its strings with it (docs/i18n.md); the lines here are rendered without it
beforeAll(() => Promise.all(['th', 'la', 'en'].map((language) => ensureChatStrings(language))));
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18next.changeLanguage('th');
});

const failed = (error: string): ChatItem => ({
  key: 'local-1',
  sender: 'customer',
  message: { message_type: 'text', payload: 'hello' },
  status: 'failed',
  error,
});

describe('chat refusals', () => {
  it.each([
    ['th', 'CHAT_GUEST_LIMIT', 'มีแชทที่เปิดค้างจากเครือข่ายของคุณมากเกินไป'],
    ['la', 'CHAT_GUEST_LIMIT', 'ມີແຊັດທີ່ເປີດຄ້າງຈາກເຄືອຂ່າຍຂອງທ່ານຫຼາຍເກີນໄປ'],
    ['en', 'CHAT_GUEST_LIMIT', 'Too many chats are open from your network.'],
    ['th', 'REQUEST_LIMIT', 'ทำรายการบ่อยเกินไป กรุณารอสักครู่'],
    ['en', 'REQUEST_LIMIT', 'Too many requests. Please wait a moment.'],
  ])('%s: %s is shown under the message that was not sent', async (language, code, text) => {
    await i18next.changeLanguage(language);
    render(<DeliveryLine item={failed(code)} onResend={() => {}} onRemove={() => {}} />);
    expect(screen.getByTestId('chat-refusal')).toHaveTextContent(text);
  });

  it('a visitor refused a guest id gets the server code on the send, not a bare sign-in failure', async () => {
    localStorage.clear();
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(
        url === '/api/chat/guest'
          ? new Response(JSON.stringify({ message: 'REQUEST_LIMIT' }), { status: 429 })
          : new Response('{}', { status: 200 }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(chatApi.send({ message_type: 'text', payload: 'hi' })).rejects.toThrow('REQUEST_LIMIT');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
