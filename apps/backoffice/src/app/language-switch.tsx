import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { asLanguage, LANGUAGES } from '../lib/i18n.ts';

const LABELS = { th: 'ไทย', en: 'EN' } as const;

/** ไทย | EN: the choice is remembered on this computer. */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('shell');
  const current = asLanguage(i18n.language);
  return (
    <div
      role="group"
      aria-label={t('layout.language')}
      className={clsx('flex rounded-xl bg-bg-raised p-1 ring-1 ring-line', className)}
    >
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={current === language}
          onClick={() => void i18n.changeLanguage(language)}
          className={clsx(
            'h-8 min-w-11 rounded-lg px-2.5 text-xs font-bold transition-colors',
            current === language ? 'bg-surface-2 text-fg ring-1 ring-line-strong' : 'text-muted hover:text-fg',
          )}
        >
          {LABELS[language]}
        </button>
      ))}
    </div>
  );
}
