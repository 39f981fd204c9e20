import { adminApi } from '@wallet/contract/admin/admin-api';
import type { ChatConversationSummary } from '@wallet/contract/admin/chat';
import type { ChatLabel } from '@wallet/contract/admin/chat-team';
import { useMutation, useQuery } from '@tanstack/react-query';
import { errorMessage } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../lib/api.ts';
import { useOperator } from '../../lib/operator.ts';
import { agentsKey, labelsKey } from './inbox-socket.tsx';

const LABEL_TONE: Record<ChatLabel['color'], string> = {
  gray: 'bg-surface-2 text-muted ring-line',
  red: 'bg-danger/15 text-danger ring-danger/40',
  orange: 'bg-warning/15 text-warning ring-warning/40',
  green: 'bg-success/15 text-success ring-success/40',
  blue: 'bg-info/15 text-info ring-info/40',
  purple: 'bg-primary/15 text-primary ring-primary/40',
};

export function LabelChip({ label }: { label: ChatLabel }) {
  return (
    <span
      className={clsx('rounded-full px-2 py-0.5 text-[11px] font-semibold ring-1', LABEL_TONE[label.color])}
      data-testid="chat-label"
    >
      {label.name}
    </span>
  );
}

/** Give the conversation to an agent (operators with the support or admin role), to me, or to nobody (audited). */
export function AssignPicker({ conversation, onDone }: { conversation: ChatConversationSummary; onDone(): void }) {
  const { t } = useTranslation('chat');
  const me = useOperator();
  const agents = useQuery({ queryKey: agentsKey, queryFn: () => adminCall(adminApi.chat.agents), staleTime: 60_000 });
  const assign = useMutation({
    mutationFn: (to: 'me' | 'nobody' | number) =>
      adminCall(adminApi.chat.assign, { params: { id: conversation.id }, body: { to } }),
    onSuccess: onDone,
    onError: (err) => notify.error(errorMessage(err)),
  });
  return (
    <label className="flex items-center gap-1.5 text-xs text-muted">
      {t('assignee')}
      <select
        value={conversation.assignee?.id ?? ''}
        disabled={assign.isPending}
        onChange={(e) => assign.mutate(e.target.value === '' ? 'nobody' : Number(e.target.value))}
        data-testid="chat-assign-to"
        className="h-8 max-w-44 rounded-lg border border-line bg-bg px-2 text-sm text-fg"
      >
        <option value="">{t('nobody')}</option>
        {(agents.data?.agents ?? []).map((a) => (
          <option key={a.id} value={a.id}>
            {a.username}
            {a.username === me.username ? ` (${t('me')})` : ''}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The conversation's labels, and a menu to put the team's labels on or take them off (audited). */
export function LabelPicker({ conversation, onDone }: { conversation: ChatConversationSummary; onDone(): void }) {
  const { t } = useTranslation('chat');
  const [isOpen, setIsOpen] = useState(false);
  const labels = useQuery({ queryKey: labelsKey, queryFn: () => adminCall(adminApi.chat.labels) });
  const set = useMutation({
    mutationFn: (labelIds: number[]) =>
      adminCall(adminApi.chat.setLabels, { params: { id: conversation.id }, body: { labelIds } }),
    onSuccess: onDone,
    onError: (err) => notify.error(errorMessage(err)),
  });
  // Escape closes the menu wherever the focus is (a checkbox is disabled while its change is saved)
  useEffect(() => {
    if (!isOpen) return undefined;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') setIsOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [isOpen]);
  const current = new Set(conversation.labels.map((l) => l.id));
  const toggle = (id: number) => {
    const next = new Set(current);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    set.mutate([...next]);
  };
  return (
    <div className="relative flex flex-wrap items-center gap-1">
      {conversation.labels.map((l) => (
        <LabelChip key={l.id} label={l} />
      ))}
      <button
        type="button"
        onClick={() => setIsOpen(!isOpen)}
        aria-expanded={isOpen}
        data-testid="chat-labels-edit"
        className="rounded-full px-2 py-0.5 text-[11px] font-semibold text-primary ring-1 ring-primary/40"
      >
        + {t('label')}
      </button>
      {isOpen && (
        // a click anywhere else closes the menu
        <button
          type="button"
          aria-label={t('close')}
          tabIndex={-1}
          className="fixed inset-0 z-10 cursor-default"
          onClick={() => setIsOpen(false)}
        />
      )}
      {isOpen && (
        <ul
          className="absolute top-full left-0 z-20 mt-1 w-56 rounded-xl border border-line bg-surface p-1 shadow-lg"
          data-testid="chat-labels-menu"
        >
          {(labels.data?.labels ?? []).map((l) => (
            <li key={l.id}>
              <label className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-white/5">
                <input
                  type="checkbox"
                  checked={current.has(l.id)}
                  disabled={set.isPending}
                  onChange={() => toggle(l.id)}
                />
                <LabelChip label={l} />
              </label>
            </li>
          ))}
          {labels.data?.labels.length === 0 && <li className="px-2 py-1.5 text-xs text-muted">{t('noLabels')}</li>}
        </ul>
      )}
    </div>
  );
}
