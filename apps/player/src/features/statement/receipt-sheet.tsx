import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatementReceipt, StatementRow } from '@wallet/contract/statement';
import { Button } from '@wallet/ui/button';
import { Modal } from '@wallet/ui/modal';
import { Spinner } from '@wallet/ui/spinner';
import { formatMoney } from '@wallet/web-core/format';
import { notify } from '@wallet/web-core/toast';
import { useReceipt } from '../../api/statement.ts';
import { AMOUNT_TONE, SIGN } from './statement-item.tsx';
import { direction, isVoid, statusTone } from './statement-status.ts';
import { receiptDate } from './statement-dates.ts';
import { placeName, rowNote, rowTitle } from './statement-text.ts';
import { StatusBadge } from './status-badge.tsx';

export type ReceiptSheetProps = {
  /**
   * the receipt open: a row of the list, or only an id (a deposit named by an inbox entry: its row comes with the
   * references); null closes the sheet
   */
  target: { id: string; row?: StatementRow } | null;
  gameNames: ReadonlyMap<string, string>;
  unit: string;
  onClose: () => void;
};

type Line = { key: string; label: string; value: string; isMono?: boolean };

/** The label/value lines of a receipt: what the row says, then the references read for it. */
function receiptLines(
  row: StatementRow,
  references: StatementReceipt | undefined,
  t: (key: string, options?: Record<string, unknown>) => string,
  gameNames: ReadonlyMap<string, string>,
  language: string,
): Line[] {
  const lines: Line[] = [
    { key: 'date', label: t('receipt.date'), value: receiptDate(row.createdAt, t as never, language) },
    { key: 'from', label: t('receipt.from'), value: placeName(row.from, t as never, gameNames) },
    { key: 'to', label: t('receipt.to'), value: placeName(row.to, t as never, gameNames) },
  ];
  const note = rowNote(row, t as never);
  if (note) lines.push({ key: 'note', label: t('receipt.note'), value: note });
  if (references?.channel && references.channel !== row.from) {
    lines.push({
      key: 'channel',
      label: t('receipt.channel'),
      value: placeName(references.channel, t as never, gameNames),
    });
  }
  if (references?.reference) {
    lines.push({ key: 'reference', label: t('receipt.reference'), value: references.reference, isMono: true });
  }
  if (references?.bankCode || references?.accountNo) {
    const bank = [references.bankCode, references.accountNo].filter(Boolean).join(' ');
    lines.push({ key: 'bank', label: t('receipt.bank'), value: bank });
  }
  if (references?.bankReference) {
    lines.push({
      key: 'bankReference',
      label: t('receipt.bankReference'),
      value: references.bankReference,
      isMono: true,
    });
  }
  if (references?.providerReference) {
    lines.push({
      key: 'providerReference',
      label: t('receipt.providerReference'),
      value: references.providerReference,
      isMono: true,
    });
  }
  lines.push({ key: 'id', label: t('receipt.id'), value: row._id, isMono: true });
  return lines;
}

/**
 * One statement row's receipt: its amount and outcome, date and time in the reader's language, from and to, and
 * the references behind it (GET /api/statement/receipt/:id, read on open); shared or saved as a PNG like a bank's
 * e-slip (receipt-image.ts, loaded on the first tap).
 */
export function ReceiptSheet({ target, gameNames, unit, onClose }: ReceiptSheetProps) {
  const { t } = useTranslation('statement');
  const id = target?.id ?? '';
  const references = useReceipt(id, target !== null && !id.startsWith('condition:'));
  const row = target?.row ?? references.data?.row;
  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('receipt.title')}
      footer={
        row ? <ShareButton row={row} references={references.data} gameNames={gameNames} unit={unit} /> : undefined
      }
    >
      {row ? (
        <ReceiptBody row={row} references={references} gameNames={gameNames} unit={unit} />
      ) : references.isError ? (
        <p className="py-6 text-center text-sm text-danger">{t('receipt.referencesFailed')}</p>
      ) : (
        <Spinner />
      )}
    </Modal>
  );
}

type Parts = { row: StatementRow; gameNames: ReadonlyMap<string, string>; unit: string };

function useReceiptView({ row, unit }: Parts) {
  const { t } = useTranslation('statement');
  const isStruck = isVoid(row);
  const way = isStruck ? 'neutral' : direction(row);
  return {
    isStruck,
    way,
    amount: `${SIGN[way]}${formatMoney(row.amount)} ${unit}`,
    status: t(`status.${statusTone(row.status)}`),
  };
}

/** Renders the receipt image (its code loaded on the first tap) and shares or saves it. */
function ShareButton({ row, references, gameNames, unit }: Parts & { references: StatementReceipt | undefined }) {
  const { t, i18n } = useTranslation('statement');
  const { t: tc } = useTranslation('common');
  const [isSharing, setIsSharing] = useState(false);
  const { way, amount, status } = useReceiptView({ row, gameNames, unit });
  const share = async () => {
    setIsSharing(true);
    try {
      const [{ renderReceipt }, { shareOrSave }] = await Promise.all([
        import('./receipt-image.ts'),
        import('../../lib/share-image.ts'),
      ]);
      const blob = await renderReceipt({
        brand: tc('app.name'),
        title: `${t('receipt.title')} · ${rowTitle(row, t)}`,
        amount,
        tone: way,
        status,
        lines: receiptLines(row, references, t, gameNames, i18n.language).map(({ label, value }) => ({ label, value })),
      });
      const outcome = await shareOrSave(blob, `receipt-${row._id.replace(/[^\w-]/g, '_')}.png`, t('receipt.title'));
      if (outcome === 'saved') notify.success(t('receipt.saved'));
    } catch {
      notify.error(t('receipt.failed'));
    } finally {
      setIsSharing(false);
    }
  };
  return (
    <Button isBlock isLoading={isSharing} onClick={() => void share()} data-testid="receipt-share">
      {t('receipt.share')}
    </Button>
  );
}

function ReceiptBody({ row, references, gameNames, unit }: Parts & { references: ReturnType<typeof useReceipt> }) {
  const { t, i18n } = useTranslation('statement');
  const { isStruck, way, amount } = useReceiptView({ row, gameNames, unit });
  const lines = receiptLines(row, references.data, t, gameNames, i18n.language);

  return (
    <div className="flex flex-col gap-4" data-testid="receipt">
      <div className="flex flex-col items-center gap-1.5 rounded-2xl bg-surface-2 px-4 py-5 text-center ring-1 ring-line">
        <p className="text-sm font-semibold text-muted">{rowTitle(row, t)}</p>
        <p
          className={clsx(
            'text-3xl font-extrabold tabular-nums',
            AMOUNT_TONE[way],
            isStruck && 'text-muted line-through',
          )}
          data-testid="receipt-amount"
        >
          {amount}
        </p>
        {isStruck && <p className="text-xs text-muted">{t('receipt.tried')}</p>}
        <StatusBadge status={row.status} />
      </div>
      <dl className="divide-y divide-line rounded-2xl ring-1 ring-line">
        {lines.map((line) => (
          <div
            key={line.key}
            className="flex items-start justify-between gap-3 px-4 py-3"
            data-testid={`receipt-${line.key}`}
          >
            <dt className="shrink-0 text-sm text-muted">{line.label}</dt>
            <dd className={clsx('min-w-0 text-right text-sm font-semibold break-all', line.isMono && 'tabular-nums')}>
              {line.value}
            </dd>
          </div>
        ))}
      </dl>
      {references.isPending && references.fetchStatus === 'fetching' && <Spinner size="sm" />}
      {references.isError && <p className="text-sm text-danger">{t('receipt.referencesFailed')}</p>}
    </div>
  );
}
