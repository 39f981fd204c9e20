import { adminApi } from '@wallet/contract/admin/admin-api';
import type { CannedReply } from '@wallet/contract/admin/chat-team';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@wallet/ui/button';
import { clsx } from 'clsx';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../lib/api.ts';
import { cannedKey } from './inbox-socket.tsx';

export type ComposerMode = 'reply' | 'note';

/** The canned replies a "/word" draft matches (short code or text, any language), at most 8. */
export function matchCanned(replies: CannedReply[], draft: string): CannedReply[] {
  if (!draft.startsWith('/')) return [];
  const word = draft.slice(1).toLowerCase();
  return replies
    .filter((r) => r.shortCode.toLowerCase().startsWith(word) || (word && r.text.toLowerCase().includes(word)))
    .slice(0, 8);
}

/**
 * The composer: a reply to the member or a private note for the team (a tab), Enter sends, Shift+Enter breaks the
 * line; "/" opens the canned replies (arrow keys and Enter, or a click, put the reply's text in the draft).
 */
export function Composer(props: {
  onSend(text: string, mode: ComposerMode): void;
  onTyping(typing: boolean): void;
  isSending: boolean;
  /** the attach button, before the text box */
  attach?: ReactNode;
}) {
  const { t } = useTranslation('chat');
  const [draft, setDraft] = useState('');
  const [mode, setMode] = useState<ComposerMode>('reply');
  const [active, setActive] = useState(0);
  const canned = useQuery({
    queryKey: cannedKey,
    queryFn: () => adminCall(adminApi.chat.cannedReplies, { body: {} }),
    staleTime: 60_000,
  });
  const matches = matchCanned(canned.data?.replies ?? [], draft);
  const pick = (r: CannedReply) => {
    setDraft(r.text);
    setActive(0);
  };
  const send = () => {
    const text = draft.trim();
    if (!text) return;
    props.onSend(text, mode);
    if (mode === 'reply') props.onTyping(false);
    setDraft('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (matches.length > 0 && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      e.preventDefault();
      setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
      return;
    }
    if (e.key === 'Escape' && matches.length > 0) {
      setDraft('');
      return;
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      const chosen = matches[active];
      if (chosen) pick(chosen);
      else send();
    }
  };
  const tab = (m: ComposerMode) =>
    clsx(
      'rounded-md px-2.5 py-1 text-xs font-semibold',
      mode === m ? (m === 'note' ? 'bg-warning/20 text-warning' : 'bg-primary/15 text-primary') : 'text-muted',
    );
  return (
    <div className="relative px-5 py-3">
      {matches.length > 0 && (
        <ul
          className="absolute right-5 bottom-full left-5 mb-1 max-h-64 overflow-y-auto rounded-xl border border-line bg-surface shadow-lg"
          role="listbox"
          aria-label={t('cannedTitle')}
          data-testid="canned-menu"
        >
          {matches.map((r, i) => (
            <li key={r.id} role="option" aria-selected={i === active}>
              <button
                type="button"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(r)}
                className={clsx('flex w-full gap-2 px-3 py-2 text-left text-sm', i === active && 'bg-primary/10')}
              >
                <span className="font-mono text-primary">/{r.shortCode}</span>
                <span className="rounded bg-surface-2 px-1 text-[11px] text-subtle uppercase">{r.language}</span>
                <span className="truncate text-fg">{r.text}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="mb-2 flex gap-1" role="tablist">
        <button
          type="button"
          role="tab"
          aria-selected={mode === 'reply'}
          className={tab('reply')}
          onClick={() => setMode('reply')}
          data-testid="composer-reply"
        >
          {t('modeReply')}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={mode === 'note'}
          className={tab('note')}
          onClick={() => setMode('note')}
          data-testid="composer-note"
        >
          {t('modeNote')}
        </button>
      </div>
      <div className="flex items-end gap-2">
        {props.attach}
        <textarea
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            setActive(0);
            if (mode === 'reply') props.onTyping(e.target.value.trim().length > 0 && !e.target.value.startsWith('/'));
          }}
          onBlur={() => props.onTyping(false)}
          onKeyDown={onKeyDown}
          rows={2}
          maxLength={2000}
          placeholder={mode === 'note' ? t('notePlaceholder') : t('reply')}
          data-testid="chat-reply"
          className={clsx(
            'min-h-11 flex-1 resize-none rounded-xl border px-3 py-2 text-sm text-fg focus:outline-none',
            mode === 'note' ? 'border-warning/60 bg-warning/5' : 'border-line bg-bg focus:border-primary',
          )}
        />
        <Button onClick={send} disabled={!draft.trim() || props.isSending} data-testid="chat-reply-send">
          {mode === 'note' ? t('addNote') : t('send')}
        </Button>
      </div>
    </div>
  );
}
