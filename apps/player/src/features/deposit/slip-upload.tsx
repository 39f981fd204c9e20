import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wallet/ui/button';
import { Icon } from '@wallet/ui/icon';
import { formatMoney } from '@wallet/web-core/format';
import { uploadSlip, type SlipUploadFailure, type SlipUploadResult } from '../../api/slip-upload.ts';

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; progress: number }
  | { kind: 'done'; result: SlipUploadResult }
  | { kind: 'error'; code: string }
  /** the chosen file is not a PNG or JPEG image: no preview, nothing to upload */
  | { kind: 'notImage' };

// the bonus picker loads on its own, after the sheet (docs/decisions/0050-bonus-with-slip-and-voucher.md)
const BonusChoiceForSent = lazy(() => import('./bonus-choice.tsx').then((m) => ({ default: m.BonusChoiceForSent })));
const BonusChoiceTold = lazy(() => import('./bonus-choice.tsx').then((m) => ({ default: m.BonusChoiceTold })));
// the sheet turns to "credited" when the deposit's push comes, maybe before the answer: the outcome is a toast too
const BonusChoiceOutcome = lazy(() => import('./bonus-choice.tsx').then((m) => ({ default: m.BonusChoiceOutcome })));

/** what the server's slip policy accepts (apps/server/src/lib/uploads/upload-policy.ts) */
const SLIP_TYPES = ['image/png', 'image/jpeg'];

/** docs/spec.md §2/§7 slip upload: choose an image, preview it, upload with a real progress bar, show the outcome. */
export function SlipUpload({ unit, isClosed }: { unit: string; isClosed: boolean }) {
  const { t } = useTranslation(['deposit', 'errors']);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  // one upload per chosen file: a retry of the same file replays on the server (Idempotency-Key)
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [bonusCode, setBonusCode] = useState<string | null>(null);
  const [isBonusSent, setIsBonusSent] = useState(false);

  // the preview's object URL lives as long as it is shown
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const choose = (next: File | null) => {
    // `accept` only filters the picker: "all files" or a drop still hands over a .txt or a PDF
    const isImage = next !== null && SLIP_TYPES.includes(next.type);
    setFile(isImage ? next : null);
    setPreview(isImage ? URL.createObjectURL(next) : null);
    setPhase(next && !isImage ? { kind: 'notImage' } : { kind: 'idle' });
    setKey(crypto.randomUUID());
  };
  const send = () => {
    if (!file || phase.kind === 'uploading') return;
    setPhase({ kind: 'uploading', progress: 0 });
    if (bonusCode) setIsBonusSent(true);
    uploadSlip(file, {
      idempotencyKey: key,
      bonusCode,
      onProgress: (progress) => setPhase({ kind: 'uploading', progress }),
    }).then(
      (result) => setPhase({ kind: 'done', result }),
      (failure: SlipUploadFailure) => setPhase({ kind: 'error', code: failure.code }),
    );
  };

  if (isClosed) return <p className="rounded-xl bg-amber-500/10 p-3 text-sm text-amber-200">{t('slip.closed')}</p>;

  const result = phase.kind === 'done' ? phase.result : null;
  const percent = phase.kind === 'uploading' ? Math.round(phase.progress * 100) : 0;

  return (
    <section className="flex flex-col gap-3 rounded-2xl bg-surface-2 p-3 ring-1 ring-line" aria-label={t('slip.title')}>
      <h3 className="text-sm font-semibold">{t('slip.title')}</h3>
      <input
        ref={input}
        type="file"
        accept={SLIP_TYPES.join(',')}
        className="sr-only"
        data-testid="slip-file"
        onChange={(event) => choose(event.target.files?.[0] ?? null)}
      />
      {preview ? (
        <button
          type="button"
          className="mx-auto overflow-hidden rounded-xl ring-1 ring-line"
          onClick={() => input.current?.click()}
        >
          <img src={preview} alt={t('slip.preview')} className="max-h-56 object-contain" data-testid="slip-preview" />
        </button>
      ) : (
        <button
          type="button"
          onClick={() => input.current?.click()}
          className="flex flex-col items-center gap-1 rounded-xl border-2 border-dashed border-line-strong py-6 text-sm text-muted"
          data-testid="slip-choose"
        >
          <Icon name="plus" className="size-6 text-primary" />
          {t('slip.choose')}
        </button>
      )}
      {phase.kind === 'uploading' && (
        <div
          className="h-2 overflow-hidden rounded-full bg-surface"
          role="progressbar"
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-label={t('slip.uploading')}
          data-testid="slip-progress"
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      )}
      {result?.status === 'SUCCESS' && (
        <p
          className="rounded-xl bg-emerald-500/10 p-3 text-sm text-emerald-200"
          data-testid="slip-result"
          role="status"
        >
          {t('slip.credited', { amount: `${formatMoney(result.amount ?? 0)} ${unit}` })}
        </p>
      )}
      {result?.status === 'FAILED' && (
        <p className="rounded-xl bg-rose-500/10 p-3 text-sm text-rose-200" data-testid="slip-result" role="alert">
          {t(`errors:slip.${result.note ?? 'UNKNOW_ERROR'}`, { defaultValue: t('errors:slip.UNKNOW_ERROR') })}
        </p>
      )}
      {result?.status === 'REVIEW' && (
        <p className="rounded-xl bg-amber-500/10 p-3 text-sm text-amber-200" data-testid="slip-result" role="status">
          {t('slip.review')}
        </p>
      )}
      {result && !['SUCCESS', 'FAILED', 'REVIEW'].includes(result.status) && (
        <p className="rounded-xl bg-sky-500/10 p-3 text-sm text-sky-200" data-testid="slip-result" role="status">
          {t('slip.processing')}
        </p>
      )}
      {isBonusSent && (
        <Suspense fallback={null}>
          <BonusChoiceOutcome unit={unit} />
        </Suspense>
      )}
      {result?.bonus && (
        <Suspense fallback={null}>
          <BonusChoiceTold outcome={result.bonus} unit={unit} />
        </Suspense>
      )}
      {phase.kind === 'notImage' && (
        <p className="rounded-xl bg-rose-500/10 p-3 text-sm text-rose-200" data-testid="slip-result" role="alert">
          {t('slip.notImage')}
        </p>
      )}
      {phase.kind === 'error' && (
        <p className="rounded-xl bg-rose-500/10 p-3 text-sm text-rose-200" data-testid="slip-result" role="alert">
          {t(`errors:${phase.code}`, { defaultValue: t('errors:SLIP_UPLOAD_FAIL') })}
        </p>
      )}
      {result === null && (
        <Suspense fallback={null}>
          <BonusChoiceForSent unit={unit} value={bonusCode} onChange={setBonusCode} />
        </Suspense>
      )}
      <Button
        isBlock
        disabled={!file || result !== null}
        isLoading={phase.kind === 'uploading'}
        onClick={send}
        data-testid="slip-upload"
      >
        {t('slip.upload')}
      </Button>
    </section>
  );
}
