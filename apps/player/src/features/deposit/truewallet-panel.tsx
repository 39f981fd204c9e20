import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRUEWALLET_MIN_BAHT } from '@wallet/contract/limits';
import { Button } from '@wallet/ui/button';
import { TextField } from '@wallet/ui/text-field';
import { formatMoney } from '@wallet/web-core/format';
import { presentError } from '@wallet/web-core/present-error';
import { useTrueLink } from '../../api/deposit.ts';

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

  const handleSend = async () => {
    const text = link.trim();
    if (!text) return;
    const cipher = await encryptLink(text);
    send.submit(
      { link: `${cipher}::${walletAccountName}` },
      {
        onSuccess: (result) => {
          setCredited(result.amount ?? 0);
          setLink('');
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
        hint={t('truewallet.minimum', { amount: `${formatMoney(TRUEWALLET_MIN_BAHT)} ${unit}` })}
        data-testid="truelink-input"
      />
      {credited !== null && (
        <p
          className="rounded-xl bg-emerald-500/10 p-3 text-sm text-emerald-200"
          role="status"
          data-testid="truelink-result"
        >
          {t('truewallet.credited', { amount: `${formatMoney(credited)} ${unit}` })}
        </p>
      )}
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
