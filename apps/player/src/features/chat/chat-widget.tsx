// Longer than 300 lines by choice: the widget is one screen (launcher, invitation, header, message list, composer)
// whose scroll, focus and open state are shared; its parts already live in widget-parts.tsx and message-views.tsx.
import { CHAT_SCROLL_BOTTOM_PX, CHAT_TEXT_MAX_CHARS, TOAST_DURATION_MS } from '@wallet/contract/limits';
import { Icon } from '@wallet/ui/icon';
import { clsx } from 'clsx';
import { Fragment, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkAttachment } from './attachment-rules.ts';
import { useChatStrings } from './chat-strings.ts';
import { MessageView } from './message-views.tsx';
import { useChat } from './use-chat.ts';
import { BubbleTime, DeliveryLine, EndMarker, TypingLine } from './widget-parts.tsx';

/** The invitation bubble shows this long after load while the widget was never opened. */
const INVITATION_DELAY_MS = 1500;
const ACCEPT = 'video/mp4,video/quicktime,image/png,image/jpeg,image/jpg,image/gif';

export type ChatWidgetProps = {
  /** the signed-in member's profile id (its room is `{prefix}-{id}`); absent for a visitor */
  userId?: string;
  /** lifts the toggle above a bottom menu */
  bottomOffset?: number;
  /** a member's unread support messages (the server's count); a visitor's are counted here */
  memberUnread?: number | undefined;
  /** the server pushed a member's new unread count */
  onUnread?: (count: number) => void;
};

/** The live-chat widget (docs/spec.md §2–§5): toggle, invitation, conversation, composer with attachments. */
export default function ChatWidget({ userId, bottomOffset = 88, memberUnread, onUnread }: ChatWidgetProps) {
  const { t } = useTranslation('chat');
  const hasStrings = useChatStrings();
  const [isOpen, setIsOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  const [isInviting, setIsInviting] = useState(false);
  const [draft, setDraft] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const chat = useChat({ isOpen, ...(userId ? { userId } : {}), ...(onUnread ? { onUnread } : {}) });
  // a member's count is the server's (shared with the contact tab); a visitor's counts what arrived while closed
  const unread = memberUnread ?? chat.unread;
  const list = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const wasNearBottom = useRef(true);
  const olderAnchor = useRef<number | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setIsInviting(true), INVITATION_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!alert) return;
    const timer = setTimeout(() => setAlert(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [alert]);

  // new messages scroll to the bottom when the reader was within 60 px of it; older pages keep the position
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    if (olderAnchor.current !== null) {
      el.scrollTop = el.scrollHeight - olderAnchor.current;
      olderAnchor.current = null;
    } else if (wasNearBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [chat.items, isOpen]);

  const onScroll = () => {
    const el = list.current;
    if (!el) return;
    wasNearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= CHAT_SCROLL_BOTTOM_PX;
    if (el.scrollTop === 0 && chat.hasMore && !chat.isLoadingOlder) {
      olderAnchor.current = el.scrollHeight;
      void chat.loadOlder();
    }
  };

  const toggle = () => {
    setIsOpen((open) => !open);
    setWasOpened(true);
    setIsInviting(false);
    chat.clearUnread();
    wasNearBottom.current = true;
  };

  const submit = () => {
    if (chat.sendText(draft)) {
      setDraft('');
      wasNearBottom.current = true;
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    const check = checkAttachment(file);
    if (!check.ok) {
      setAlert(check.reason === 'unsupported' ? t('unsupported') : t('tooLarge', { n: check.limitMb }));
      return;
    }
    wasNearBottom.current = true;
    void chat.sendFile(file, check.kind).then((ok) => {
      if (!ok) setAlert(t('uploadFailed'));
    });
  };

  const last = chat.items.at(-1);
  const showEndAtBottom = Boolean(chat.endedSession && last?.session_id && last.session_id !== chat.endedSession);

  if (!hasStrings) return null;
  return (
    <div data-testid="chat-widget">
      {isOpen && (
        <section
          role="dialog"
          aria-label={t('title')}
          data-testid="chat-panel"
          // a phone: the column above the toggle; from 1024 px: a panel docked bottom-right beside the page
          className="fixed inset-x-3 top-[72px] z-40 mx-auto flex max-w-[456px] flex-col overflow-hidden rounded-3xl border border-line bg-bg-raised shadow-[0_24px_60px_-20px_rgba(0,0,0,.8)] lg:top-auto lg:right-4 lg:left-auto lg:mx-0 lg:h-[min(640px,calc(100dvh-12rem))] lg:w-[400px]"
          style={{ bottom: bottomOffset + 72 }}
        >
          <header className="flex items-center gap-3 border-b border-line bg-surface px-4 py-3">
            <span className="flex size-10 items-center justify-center rounded-2xl bg-primary/15 text-primary">
              <Icon name="chat" className="size-5" />
            </span>
            <div className="flex min-w-0 flex-1 flex-col">
              <h2 className="font-bold text-fg">{t('title')}</h2>
              <p
                className="flex items-center gap-1.5 text-xs text-muted"
                data-testid="chat-connection"
                data-state={chat.connection}
              >
                <span
                  className={clsx(
                    'size-2 rounded-full',
                    chat.connection === 'ready'
                      ? 'bg-success'
                      : chat.connection === 'failed'
                        ? 'bg-danger'
                        : 'bg-warning',
                  )}
                />
                {t(`connection.${chat.connection}`)}
              </p>
            </div>
            <button
              type="button"
              onClick={toggle}
              aria-label={t('close')}
              data-testid="chat-close"
              className="flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:text-fg"
            >
              <Icon name="close" className="size-5" />
            </button>
          </header>
          <div
            ref={list}
            onScroll={onScroll}
            className="flex flex-1 flex-col gap-2 overflow-y-auto px-3 py-3"
            data-testid="chat-list"
          >
            {chat.isLoadingOlder && <p className="text-center text-xs text-muted">{t('loading')}</p>}
            {chat.items.length === 0 && !chat.isLoadingOlder && (
              <div className="m-auto flex max-w-[260px] flex-col items-center gap-2 text-center">
                <span className="text-3xl">👋</span>
                <p className="text-sm text-muted">{t('empty')}</p>
              </div>
            )}
            {chat.items.map((item, i) => {
              const previous = chat.items[i - 1];
              const ended = previous?.session_id && item.session_id && previous.session_id !== item.session_id;
              const mine = item.sender === 'customer';
              return (
                <Fragment key={item.key}>
                  {ended && <EndMarker />}
                  <div
                    className={clsx('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}
                    data-testid="chat-message"
                    data-sender={item.sender}
                  >
                    <MessageView item={item} onPostback={(title) => chat.sendPostback(title)} />
                    <BubbleTime item={item} />
                    <DeliveryLine item={item} onResend={() => chat.resend(item)} onRemove={() => chat.remove(item)} />
                  </div>
                </Fragment>
              );
            })}
            {showEndAtBottom && <EndMarker />}
            {chat.isSupportTyping && <TypingLine />}
            {chat.connection === 'failed' && (
              <p
                className="mx-auto rounded-xl bg-danger/15 px-3 py-2 text-sm text-danger"
                data-testid="chat-cannot-start"
              >
                {t('cannotStart')}
              </p>
            )}
          </div>
          {alert && (
            <p
              role="alert"
              className="mx-3 mb-2 rounded-xl bg-danger/15 px-3 py-2 text-sm text-danger"
              data-testid="chat-alert"
            >
              {alert}
            </p>
          )}
          <footer className="flex items-end gap-2 border-t border-line bg-surface px-3 py-2.5">
            <button
              type="button"
              onClick={() => fileInput.current?.click()}
              aria-label={t('attach')}
              className="flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:text-primary"
            >
              <Icon name="plus" className="size-6" />
            </button>
            <input
              ref={fileInput}
              type="file"
              accept={ACCEPT}
              className="hidden"
              data-testid="chat-file-input"
              onChange={(e) => {
                onFile(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            <textarea
              value={draft}
              onChange={(e) => {
                setDraft(e.target.value);
                chat.notifyTyping(e.target.value.trim().length > 0);
              }}
              onKeyDown={onKeyDown}
              maxLength={CHAT_TEXT_MAX_CHARS}
              rows={1}
              placeholder={t('placeholder')}
              aria-label={t('placeholder')}
              data-testid="chat-input"
              className="max-h-28 min-h-11 flex-1 resize-none rounded-2xl border border-line bg-bg px-3.5 py-2.5 text-[15px] text-fg placeholder:text-subtle focus:border-primary focus:outline-none"
            />
            <button
              type="button"
              onClick={submit}
              disabled={draft.trim().length === 0}
              aria-label={t('send')}
              data-testid="chat-send"
              className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-on-primary transition disabled:opacity-40"
            >
              <Icon name="chevron-right" className="size-6" />
            </button>
          </footer>
        </section>
      )}
      {isInviting && !isOpen && !wasOpened && (
        // dismissible: on the contact pages it would otherwise sit over the LINE button for good
        <div
          data-testid="chat-invitation"
          className="fixed right-4 z-40 flex max-w-[260px] items-start rounded-2xl rounded-br-md bg-surface text-sm text-fg shadow-lg ring-1 ring-line"
          style={{ bottom: bottomOffset + 72 }}
        >
          <button type="button" onClick={toggle} className="min-w-0 flex-1 py-3 pl-4 text-left">
            <strong className="block text-primary">{t('invitationTitle')}</strong>
            {t('invitation')}
          </button>
          <button
            type="button"
            onClick={() => setIsInviting(false)}
            aria-label={t('dismissInvitation')}
            data-testid="chat-invitation-dismiss"
            className="flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:text-fg"
          >
            <Icon name="close" className="size-4" />
          </button>
        </div>
      )}
      <button
        type="button"
        onClick={toggle}
        aria-label={isOpen ? t('close') : t('open')}
        aria-expanded={isOpen}
        data-testid="chat-toggle"
        className="fixed right-4 z-40 flex size-14 items-center justify-center rounded-full bg-primary text-on-primary shadow-[0_10px_30px_-8px_var(--color-primary)]"
        style={{ bottom: bottomOffset }}
      >
        <span className={clsx('transition-transform duration-300', isOpen ? 'rotate-90' : 'rotate-0')}>
          <Icon name={isOpen ? 'close' : 'chat'} className="size-7" />
        </span>
        {unread > 0 && !isOpen && (
          <span
            data-testid="chat-unread"
            className="absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-danger-strong px-1 text-xs font-bold text-white"
          >
            {unread}
          </span>
        )}
      </button>
    </div>
  );
}
