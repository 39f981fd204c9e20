import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { giftLinkIn } from '@wallet/contract/gift-link';
import { TRUEWALLET_MIN_BAHT } from '@wallet/contract/limits';
import { Button } from '@wallet/ui/button';
import { Icon } from '@wallet/ui/icon';
import { TextField } from '@wallet/ui/text-field';
import { formatMoney } from '@wallet/web-core/format';
import { presentError } from '@wallet/web-core/present-error';
import { useTrueLink } from '../../api/deposit.ts';
import type { DepositBonusTold } from './bonus-choice.tsx';

// the bonus picker loads on its own, after the sheet (docs/decisions/0050-bonus-with-slip-and-voucher.md)
const BonusChoiceForSent = lazy(() => import('./bonus-choice.tsx').then((m) => ({ default: m.BonusChoiceForSent })));
const BonusChoiceTold = lazy(() => import('./bonus-choice.tsx').then((m) => ({ default: m.BonusChoiceTold })));
// the sheet turns to "credited" when the deposit's push comes, maybe before the answer: the outcome is a toast too
const BonusChoiceOutcome = lazy(() => import('./bonus-choice.tsx').then((m) => ({ default: m.BonusChoiceOutcome })));

/** The fixed shared secret (docs/payments.md §4.1: obfuscation, not security); the server's TRUELINK_SECRET. */
const TRUELINK_SECRET = (import.meta.env.VITE_TRUELINK_SECRET as string | undefined) ?? 'member-wallet-truelink';

/** CryptoJS.AES.encrypt(link, secret).toString(): OpenSSL `enc` format, loaded on first send. */
async function encryptLink(link: string): Promise<string> {
  const { default: AES } = await import('crypto-js/aes');
  return AES.encrypt(link, TRUELINK_SECRET).toString();
}

/** docs/spec.md §2/§7 True Wallet: paste a gift link; it is encrypted here and sent with the receiving wallet. */
export function TrueWalletPanel({ walletAccountName, unit }: { walletAccountName: string; unit: string }) {
  const { t } = useTranslation('deposit');
  const send = useTrueLink();
  const [link, setLink] = useState('');
  const [credited, setCredited] = useState<number | null>(null);
  const [bonusCode, setBonusCode] = useState<string | null>(null);
  const [told, setTold] = useState<DepositBonusTold | null>(null);
  const [isBonusSent, setIsBonusSent] = useState(false);
  // the clipboard can be refused (permission, an older browser): then long-press paste still works
  const [isPasteRefused, setIsPasteRefused] = useState(false);

  const handlePaste = async () => {
    try {
      const text = await navigator.clipboard.readText();
      setLink(giftLinkIn(text).slice(0, 500));
      setIsPasteRefused(false);
    } catch {
      setIsPasteRefused(true);
    }
  };

  const handleSend = async () => {
    // the TrueMoney app shares a message around the link: only the link is sent
    const text = giftLinkIn(link);
    if (!text) return;
    const cipher = await encryptLink(text);
    if (bonusCode) setIsBonusSent(true);
    send.submit(
      { link: `${cipher}::${walletAccountName}`, ...(bonusCode ? { bonusCode } : {}) },
      {
        onSuccess: (result) => {
          setCredited(result.amount ?? 0);
          setTold(result.bonus ?? null);
          setLink('');
          // a next gift starts without a bonus: the one chosen went with this one
          setBonusCode(null);
        },
        onError: (error) => presentError(error, { as: 'alert', title: t('errorLabel') }),
      },
    );
  };

  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void handleSend();
      }}
    >
      <p className="text-sm text-muted">{t('truewallet.intro', { wallet: walletAccountName })}</p>
      <TextField
        label={t('truewallet.link')}
        placeholder="https://gift.truemoney.com/campaign/?v=…"
        autoComplete="off"
        value={link}
        onChange={(event) => setLink(event.target.value.slice(0, 500))}
        onPaste={(event) => {
          const pasted = event.clipboardData.getData('text');
          if (!pasted) return;
          event.preventDefault();
          setLink(giftLinkIn(pasted).slice(0, 500));
        }}
        hint={t('truewallet.minimum', { amount: `${formatMoney(TRUEWALLET_MIN_BAHT)} ${unit}` })}
        endAdornment={
          typeof navigator.clipboard?.readText === 'function' && (
            <button
              type="button"
              className="-mr-1 flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-primary"
              onClick={() => void handlePaste()}
              data-testid="truelink-paste"
            >
              <Icon name="copy" className="size-4" />
              {t('truewallet.paste')}
            </button>
          )
        }
        data-testid="truelink-input"
      />
      {isPasteRefused && (
        <p className="text-xs text-muted" role="status" data-testid="truelink-paste-refused">
          {t('truewallet.pasteRefused')}
        </p>
      )}
      {credited !== null && (
        <p
          className="rounded-xl bg-emerald-500/10 p-3 text-sm text-emerald-200"
          role="status"
          data-testid="truelink-result"
        >
          {t('truewallet.credited', { amount: `${formatMoney(credited)} ${unit}` })}
        </p>
      )}
      {isBonusSent && (
        <Suspense fallback={null}>
          <BonusChoiceOutcome unit={unit} />
        </Suspense>
      )}
      {told && (
        <Suspense fallback={null}>
          <BonusChoiceTold outcome={told} unit={unit} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <BonusChoiceForSent unit={unit} value={bonusCode} onChange={setBonusCode} />
      </Suspense>
      <Button
        type="submit"
        isBlock
        size="lg"
        disabled={!link.trim()}
        isLoading={send.isPending}
        data-testid="truelink-send"
      >
        {t('truewallet.send')}
      </Button>
    </form>
  );
}
