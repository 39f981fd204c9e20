import { adminApi } from '@wallet/contract/admin/admin-api';
import type { AdminSetting } from '@wallet/contract/admin/settings';
import type { SettingKey } from '@wallet/contract/settings';
import { Button } from '@wallet/ui/button';
import { Modal } from '@wallet/ui/modal';
import { errorMessage } from '@wallet/web-core/present-error';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ValueDiff } from '../../components/value-diff.tsx';
import { adminCall } from '../../lib/api.ts';

/**
 * A money-critical setting's change (docs/decisions/0022-four-eyes-approvals.md): shows the diff, sends it, and
 * then says it waits for a second admin (the value does not change yet); a refusal stays in the dialog.
 */
export function SettingChangeDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  settingKey: SettingKey;
  before: unknown;
  after: unknown;
  onSuccess: (saved: AdminSetting) => void;
}) {
  const { t } = useTranslation('settings');
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const labels = { path: t('fourEyes.field'), before: t('fourEyes.before'), after: t('fourEyes.after') };

  const close = (next: boolean) => {
    if (isPending) return;
    if (!next) {
      setError(null);
      setWaiting(false);
    }
    props.onOpenChange(next);
  };
  const send = async () => {
    setPending(true);
    setError(null);
    try {
      const saved = await adminCall(adminApi.settings.update, {
        params: { key: props.settingKey },
        body: { value: props.after },
      });
      props.onSuccess(saved);
      if (saved.pending) setWaiting(true);
      else close(false);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open={props.open}
      onOpenChange={close}
      title={t('fourEyes.title')}
      description={t('fourEyes.description')}
      size="md"
      footer={
        <div className="flex justify-end gap-2">
          {waiting ? (
            <Button onClick={() => close(false)}>{t('fourEyes.close')}</Button>
          ) : (
            <>
              <Button variant="secondary" onClick={() => close(false)} disabled={isPending}>
                {t('common:actions.cancel')}
              </Button>
              <Button onClick={() => void send()} isLoading={isPending} data-testid="setting-change-send">
                {t('fourEyes.send')}
              </Button>
            </>
          )}
        </div>
      }
    >
      <div className="flex flex-col gap-4 pt-1" data-testid="setting-change-dialog">
        <ValueDiff before={props.before} after={props.after} labels={labels} />
        {waiting && (
          <div role="status" className="rounded-xl bg-warning/10 px-3 py-3 text-sm ring-1 ring-warning/30">
            <p className="font-semibold text-fg">{t('fourEyes.waitingTitle')}</p>
            <p className="mt-1 text-muted">{t('fourEyes.waitingBody')}</p>
          </div>
        )}
        {error && (
          <p role="alert" className="rounded-xl bg-danger/10 px-3 py-2 text-sm text-danger ring-1 ring-danger/30">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
