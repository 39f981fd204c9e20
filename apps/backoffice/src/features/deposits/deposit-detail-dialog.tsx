import { adminApi } from '@wallet/contract/admin/admin-api';
import type { AdminDepositRow } from '@wallet/contract/admin/deposits';
import { useQuery } from '@tanstack/react-query';
import { Modal } from '@wallet/ui/modal';
import { Spinner } from '@wallet/ui/spinner';
import { formatDateTime } from '@wallet/web-core/format';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../lib/api.ts';
import { SlipImage } from './slip-image.tsx';

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-1.5">
      <h3 className="text-sm font-semibold text-fg">{title}</h3>
      {children}
    </section>
  );
}

const Code = ({ children }: { children: ReactNode }) => (
  <pre className="max-h-40 overflow-auto rounded-lg bg-surface-2 p-2 text-xs break-all whitespace-pre-wrap text-muted">
    {children}
  </pre>
);

const pretty = (json: string) => {
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
};

/** One deposit row in full: the slip image, decoded payload and bank answer; the QR and its webhooks; the audit. */
export function DepositDetailDialog({ row, onClose }: { row: AdminDepositRow; onClose: () => void }) {
  const { t } = useTranslation('deposits');
  const detail = useQuery({
    queryKey: ['admin', 'deposits', 'detail', row.channel, row.id],
    queryFn: () => adminCall(adminApi.deposits.detail, { params: { channel: row.channel, id: row.id } }),
  });
  const d = detail.data;
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('detail.title', { id: row.id })}
      description={`${t(`channel.${row.channel}`)} · ${row.member.name} · ${formatDateTime(row.createdAt)}`}
      size="lg"
    >
      {!d ? (
        <Spinner />
      ) : (
        <div className="flex flex-col gap-4" data-testid="deposit-detail">
          {d.slip && (
            <>
              <Section title={t('detail.slipImage')}>
                {d.slip.hasImage ? (
                  <SlipImage slipId={row.id} />
                ) : (
                  <p className="text-sm text-danger">{t('detail.imageMissing')}</p>
                )}
              </Section>
              <Section title={t('detail.payload')}>
                <Code>{d.slip.qrPayload ?? t('detail.none')}</Code>
                <p className="text-xs text-muted">
                  {t('detail.reference')}: {d.slip.sendingBank ?? '—'}.{d.slip.transRef ?? '—'} ·{' '}
                  {t('detail.attempts', { count: d.slip.attempts })}
                </p>
              </Section>
              <Section title={t('detail.verification')}>
                <Code>{d.slip.verification ? pretty(d.slip.verification) : t('detail.none')}</Code>
              </Section>
            </>
          )}
          {d.qr && (
            <Section title={t('detail.qr')}>
              <p className="text-sm">
                {t('detail.provider')}: <b>{d.qr.provider}</b> · {d.qr.status} ·{' '}
                {t('detail.inquiries', { count: d.qr.inquiries })}
              </p>
              {d.qr.payload && <Code>{d.qr.payload}</Code>}
            </Section>
          )}
          {row.channel === 'qr' && (
            <Section title={t('detail.webhooks')}>
              {d.webhooks.length === 0 && <p className="text-sm text-muted">{t('detail.noWebhooks')}</p>}
              <ul className="flex flex-col gap-2">
                {d.webhooks.map((w) => (
                  <li key={`${w.receivedAt}-${w.providerTxnId ?? ''}`} className="text-xs">
                    <p className="text-muted tabular-nums">
                      {formatDateTime(w.receivedAt)} · {w.providerTxnId ?? '—'} · <b>{w.result ?? '—'}</b>
                    </p>
                    <Code>{pretty(w.body)}</Code>
                  </li>
                ))}
              </ul>
            </Section>
          )}
          {d.deposit && (
            <Section title={t('detail.deposit')}>
              <p className="text-sm tabular-nums">
                {d.deposit.id} · {d.deposit.reference} · {d.deposit.status}
                {d.deposit.note ? ` · ${d.deposit.note}` : ''}
              </p>
            </Section>
          )}
          <Section title={t('detail.audit')}>
            {d.audit.length === 0 && <p className="text-sm text-muted">{t('detail.noAudit')}</p>}
            <ul className="flex flex-col gap-1 text-sm" data-testid="deposit-audit">
              {d.audit.map((a) => (
                <li key={`${a.at}-${a.action}`}>
                  <span className="text-muted tabular-nums">{formatDateTime(a.at)}</span> · <b>{a.operator}</b> ·{' '}
                  {a.action}
                  {a.note ? ` · ${a.note}` : ''}
                </li>
              ))}
            </ul>
          </Section>
        </div>
      )}
    </Modal>
  );
}
