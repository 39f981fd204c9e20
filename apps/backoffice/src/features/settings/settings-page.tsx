import { adminApi } from '@wallet/contract/admin/admin-api';
import {
  isFourEyesSetting,
  SETTING_GROUPS,
  type AdminSetting,
  type AdminSettingListItem,
} from '@wallet/contract/admin/settings';
import { SETTINGS, SETTING_KEYS, type SettingKey } from '@wallet/contract/settings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@wallet/ui/button';
import { errorMessage } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { clsx } from 'clsx';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { adminCall } from '../../lib/api.ts';
import type { JsonSchema } from './json-schema.ts';
import { SchemaField, SettingKeyContext, UnitsContext } from './schema-form.tsx';
import { SettingChangeDialog } from './setting-change-dialog.tsx';
import { ValueDiff } from '../../components/value-diff.tsx';

const KEY = ['admin', 'settings'] as const;

/** The menu: the server's groups (what each setting governs), in their order, each with its keys. */
function groupsOf(settings: AdminSettingListItem[]) {
  return SETTING_GROUPS.map((id) => ({ id, keys: settings.filter((s) => s.group === id).map((s) => s.key) })).filter(
    (g) => g.keys.length > 0,
  );
}

const schemaOf = (key: SettingKey) =>
  z.toJSONSchema(SETTINGS[key], { io: 'input', unrepresentable: 'any' }) as JsonSchema;

export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const [search, setSearch] = useSearchParams();
  const query = useQuery({ queryKey: KEY, queryFn: () => adminCall(adminApi.settings.list) });
  const requested = search.get('key');
  const selected: SettingKey = SETTING_KEYS.includes(requested as SettingKey)
    ? (requested as SettingKey)
    : 'siteStatus';
  const setting = query.data?.settings.find((s) => s.key === selected);
  const groups = useMemo(() => groupsOf(query.data?.settings ?? []), [query.data]);

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[260px_minmax(0,1fr)]">
          <nav aria-label={t('title')} className="min-w-0 lg:sticky lg:top-22 lg:self-start">
            <div className="flex gap-4 overflow-x-auto pb-2 lg:flex-col lg:overflow-visible lg:pb-0">
              {groups.map((group) => (
                <div key={group.id} className="min-w-44 lg:min-w-0">
                  <p className="px-3 text-xs font-semibold tracking-wide text-subtle uppercase">
                    {t(`groups.${group.id}.title`)}
                  </p>
                  <p className="mb-1.5 px-3 text-[11px] leading-snug text-subtle">
                    {t(`groups.${group.id}.description`)}
                  </p>
                  <ul className="flex flex-col gap-0.5">
                    {group.keys.map((key) => (
                      <li key={key}>
                        <button
                          type="button"
                          aria-current={key === selected ? 'page' : undefined}
                          onClick={() => setSearch({ key }, { replace: true })}
                          className={clsx(
                            'flex min-h-10 w-full items-center rounded-xl px-3 text-left text-sm transition-colors',
                            key === selected
                              ? 'bg-primary/12 font-semibold text-primary ring-1 ring-primary/25 ring-inset'
                              : 'text-muted hover:bg-white/5 hover:text-fg',
                          )}
                        >
                          {t(`keys.${key}.title`, { defaultValue: key })}
                        </button>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          </nav>
          {setting && (
            <SettingEditor
              // not keyed by the pending request: the editor stays mounted while its dialog says "waiting"
              key={`${selected}:${JSON.stringify(setting.value)}`}
              setting={setting}
            />
          )}
        </div>
      )}
    </>
  );
}

function SettingEditor({ setting }: { setting: AdminSettingListItem }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const key = setting.key;
  const schema = useMemo(() => schemaOf(key), [key]);
  const [draft, setDraft] = useState<unknown>(() => structuredClone(setting.value));
  const [issues, setIssues] = useState<Array<{ path: string; message: string }>>([]);
  const [isSaving, setSaving] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  // a money-critical key's change waits for a second admin (docs/decisions/0022-four-eyes-approvals.md)
  const [isRequesting, setRequesting] = useState(false);
  const fourEyes = isFourEyesSetting(key);
  const store = (saved: AdminSetting) =>
    queryClient.setQueryData(KEY, (old: { settings: AdminSettingListItem[] } | undefined) =>
      old ? { settings: old.settings.map((s) => (s.key === key ? { ...s, ...saved } : s)) } : old,
    );
  const isDirty = JSON.stringify(draft) !== JSON.stringify(setting.value);
  const errorPaths = useMemo(() => new Set(issues.map((i) => i.path)), [issues]);

  const save = async () => {
    setSaving(true);
    try {
      const saved = await adminCall(adminApi.settings.update, { params: { key }, body: { value: draft } });
      store(saved);
      notify.success(t('saved'));
    } catch (err) {
      notify.error(errorMessage(err));
      setSaving(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isSaving || !isDirty) return;
    const parsed = SETTINGS[key].safeParse(draft);
    if (!parsed.success) {
      setIssues(parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })));
      return;
    }
    setIssues([]);
    if (fourEyes) setRequesting(true);
    else if (key === 'siteStatus' && draft === 'terminated') setConfirming(true);
    else void save();
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="self-start rounded-[var(--radius-card)] bg-surface ring-1 ring-line"
      data-testid={`setting-${key}`}
    >
      <header className="border-b border-line px-6 py-5">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-bold text-fg">{t(`keys.${key}.title`, { defaultValue: key })}</h2>
          <code className="rounded-md bg-bg px-1.5 py-0.5 font-mono text-xs text-subtle">{key}</code>
        </div>
        <p className="mt-1 text-sm text-muted">{t(`keys.${key}.description`, { defaultValue: '' })}</p>
      </header>
      <div className="flex flex-col gap-4 px-6 py-5">
        {fourEyes && !setting.pending && (
          <p className="rounded-xl bg-info/10 px-4 py-2 text-sm text-muted ring-1 ring-info/25">{t('fourEyes.hint')}</p>
        )}
        {setting.pending && (
          <div
            role="status"
            className="rounded-xl bg-warning/10 px-4 py-3 text-sm ring-1 ring-warning/30"
            data-testid="setting-pending"
          >
            <p className="font-semibold text-fg">{t('fourEyes.pendingTitle', { name: setting.pending.requestedBy })}</p>
            <div className="mt-2">
              <ValueDiff
                before={(setting.pending.payload as { before?: unknown }).before}
                after={(setting.pending.payload as { after?: unknown }).after}
                labels={{ path: t('fourEyes.field'), before: t('fourEyes.before'), after: t('fourEyes.after') }}
              />
            </div>
          </div>
        )}
        {/* a single value (a number, a switch, a choice) does not need the card's full width */}
        <div className={schema.type === 'object' || schema.type === 'array' ? '' : 'max-w-md'}>
          <SettingKeyContext.Provider value={key}>
            <UnitsContext.Provider value={setting.units}>
              <SchemaField schema={schema} value={draft} onChange={setDraft} name="" path="" errors={errorPaths} />
            </UnitsContext.Provider>
          </SettingKeyContext.Provider>
        </div>
        {issues.length > 0 && (
          <div role="alert" className="rounded-xl bg-danger/10 px-4 py-3 text-sm text-danger ring-1 ring-danger/30">
            <p className="font-semibold">{t('invalid')}</p>
            <ul className="mt-1 list-disc pl-5">
              {issues.map((issue) => (
                <li key={`${issue.path}:${issue.message}`}>
                  {issue.path && <code className="mr-1 font-mono text-xs">{issue.path}</code>}
                  {issue.message}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {/* sticky: Save stays on screen however long the form (a tablet at 768 px included) */}
      <footer
        className="sticky bottom-0 z-10 flex flex-wrap items-center justify-between gap-3 rounded-b-[var(--radius-card)] border-t border-line bg-bg-raised/95 px-6 py-4 backdrop-blur"
        data-testid="setting-footer"
      >
        <p className="text-xs text-muted">{t('audited')}</p>
        <div className="flex gap-2">
          <Button
            type="button"
            variant="secondary"
            size="sm"
            disabled={!isDirty || isSaving}
            onClick={() => {
              setDraft(structuredClone(setting.value));
              setIssues([]);
            }}
          >
            {t('reset')}
          </Button>
          <Button type="submit" size="sm" disabled={!isDirty} isLoading={isSaving} data-testid="setting-save">
            {t('common:actions.save')}
          </Button>
        </div>
      </footer>
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setConfirming}
        tone="danger"
        title={t('terminateTitle')}
        description={t('terminateBody')}
        confirmLabel={t('terminateConfirm')}
        onConfirm={save}
      />
      {fourEyes && (
        <SettingChangeDialog
          open={isRequesting}
          onOpenChange={setRequesting}
          settingKey={key}
          before={setting.value}
          after={draft}
          onSuccess={store}
        />
      )}
    </form>
  );
}
