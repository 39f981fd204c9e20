import { adminApi } from '@wallet/contract/admin/admin-api';
import {
  CHAT_LABEL_COLORS,
  CHAT_REPLY_LANGUAGES,
  type CannedReply,
  type ChatLabel,
  type ChatReplyLanguage,
} from '@wallet/contract/admin/chat-team';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@wallet/ui/button';
import { TextField } from '@wallet/ui/text-field';
import { errorMessage } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { adminCall } from '../../lib/api.ts';
import { cannedKey, labelsKey } from './inbox-socket.tsx';
import { LabelChip } from './thread-tools.tsx';

const onError = (err: unknown) => notify.error(errorMessage(err));
type Draft = { id?: number; shortCode: string; text: string };

/** Canned replies of one language: a list, an editor for a new or chosen one, delete (all audited). */
function CannedReplies() {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const [language, setLanguage] = useState<ChatReplyLanguage>('th');
  const [draft, setDraft] = useState<Draft>({ shortCode: '', text: '' });
  const replies = useQuery({
    queryKey: cannedKey,
    queryFn: () => adminCall(adminApi.chat.cannedReplies, { body: {} }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: cannedKey });
  const save = useMutation({
    mutationFn: () =>
      adminCall(adminApi.chat.saveCannedReply, {
        body: { ...(draft.id ? { id: draft.id } : {}), shortCode: draft.shortCode, text: draft.text, language },
      }),
    onSuccess: () => {
      notify.success(t('saved'));
      setDraft({ shortCode: '', text: '' });
      refresh();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (r: CannedReply) => adminCall(adminApi.chat.deleteCannedReply, { params: { id: r.id } }),
    onSuccess: refresh,
    onError,
  });
  const shown = (replies.data?.replies ?? []).filter((r) => r.language === language);
  return (
    <section className="grid gap-4 rounded-2xl border border-line bg-surface p-5" data-testid="canned-replies">
      <header className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-bold text-fg">{t('cannedTitle')}</h2>
        <span className="text-sm text-muted">{t('cannedHelp')}</span>
        <span className="ml-auto flex rounded-lg p-0.5 ring-1 ring-line" role="tablist">
          {CHAT_REPLY_LANGUAGES.map((l) => (
            <button
              key={l}
              type="button"
              role="tab"
              aria-selected={language === l}
              onClick={() => {
                setLanguage(l);
                setDraft({ shortCode: '', text: '' });
              }}
              className={clsx(
                'rounded-md px-3 py-1 text-sm font-semibold',
                language === l ? 'bg-surface-2 text-fg' : 'text-muted',
              )}
              data-testid={`canned-lang-${l}`}
            >
              {t(`language.${l}`)}
            </button>
          ))}
        </span>
      </header>
      <ul className="grid gap-2">
        {shown.map((r) => (
          <li key={r.id} className="flex items-start gap-3 rounded-xl bg-surface-2 px-3 py-2" data-testid="canned-row">
            <span className="font-mono text-sm text-primary">/{r.shortCode}</span>
            <span className="flex-1 text-sm whitespace-pre-wrap text-fg">{r.text}</span>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => setDraft({ id: r.id, shortCode: r.shortCode, text: r.text })}
            >
              {t('edit')}
            </Button>
            <Button size="sm" variant="danger" onClick={() => remove.mutate(r)} disabled={remove.isPending}>
              {t('delete')}
            </Button>
          </li>
        ))}
        {shown.length === 0 && <li className="text-sm text-muted">{t('noCanned')}</li>}
      </ul>
      <form
        className="grid gap-3 md:grid-cols-[200px_1fr_auto] md:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <TextField
          label={t('shortCode')}
          value={draft.shortCode}
          onChange={(e) => setDraft({ ...draft, shortCode: e.target.value })}
          maxLength={30}
          required
          data-testid="canned-code"
        />
        <label className="grid gap-1 text-sm">
          <span className="font-medium text-muted">{t('cannedText')}</span>
          <textarea
            value={draft.text}
            onChange={(e) => setDraft({ ...draft, text: e.target.value })}
            rows={2}
            maxLength={2000}
            required
            data-testid="canned-text"
            className="rounded-xl border border-line bg-bg px-3 py-2 text-fg focus:border-primary focus:outline-none"
          />
        </label>
        <Button type="submit" disabled={save.isPending} data-testid="canned-save">
          {draft.id ? t('saveChange') : t('add')}
        </Button>
      </form>
    </section>
  );
}

/** The team's labels: add (name and colour), delete (it leaves every conversation). */
function Labels() {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [color, setColor] = useState<ChatLabel['color']>('blue');
  const labels = useQuery({ queryKey: labelsKey, queryFn: () => adminCall(adminApi.chat.labels) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: labelsKey });
  const create = useMutation({
    mutationFn: () => adminCall(adminApi.chat.createLabel, { body: { name, color } }),
    onSuccess: () => {
      setName('');
      refresh();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (id: number) => adminCall(adminApi.chat.deleteLabel, { params: { id } }),
    onSuccess: refresh,
    onError,
  });
  return (
    <section className="grid gap-4 rounded-2xl border border-line bg-surface p-5" data-testid="chat-labels-admin">
      <h2 className="text-lg font-bold text-fg">{t('labelsTitle')}</h2>
      <ul className="flex flex-wrap gap-2">
        {(labels.data?.labels ?? []).map((l) => (
          <li key={l.id} className="flex items-center gap-1">
            <LabelChip label={l} />
            <button
              type="button"
              onClick={() => remove.mutate(l.id)}
              aria-label={`${t('delete')} ${l.name}`}
              className="px-1 text-xs text-muted hover:text-danger"
            >
              ×
            </button>
          </li>
        ))}
        {labels.data?.labels.length === 0 && <li className="text-sm text-muted">{t('noLabels')}</li>}
      </ul>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <TextField
          label={t('labelName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={40}
          required
          data-testid="label-name"
        />
        <label className="grid gap-1 text-sm">
          <span className="font-medium text-muted">{t('labelColor')}</span>
          <select
            value={color}
            onChange={(e) => setColor(e.target.value as ChatLabel['color'])}
            className="h-11 rounded-xl border border-line bg-bg px-3 text-fg"
            data-testid="label-color"
          >
            {CHAT_LABEL_COLORS.map((c) => (
              <option key={c} value={c}>
                {t(`color.${c}`)}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" disabled={create.isPending || !name.trim()} data-testid="label-add">
          {t('add')}
        </Button>
      </form>
    </section>
  );
}

/** The chat team's tools page: canned replies per language and the labels. */
export default function TeamToolsPage() {
  const { t } = useTranslation('chat');
  return (
    <>
      <PageHeader
        title={t('toolsTitle')}
        description={t('toolsSubtitle')}
        actions={
          <Link to="/chat" className="text-sm font-semibold text-primary hover:underline">
            {t('backToInbox')}
          </Link>
        }
      />
      <div className="grid gap-5">
        <CannedReplies />
        <Labels />
      </div>
    </>
  );
}
