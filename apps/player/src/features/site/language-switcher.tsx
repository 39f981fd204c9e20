import { clsx } from 'clsx';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@wallet/ui/icon';
import { intlLocale } from '@wallet/web-core/i18n';
import { LANGUAGES, type Language } from '../../lib/i18n.ts';

export type LanguageSwitcherProps = {
  className?: string;
};

/**
 * The th / la / en dropdown of the top bars (signed-out shell, member shell). lib/i18n.ts stores the choice.
 * Hand-written (no popper library) to keep the first load small.
 */
export function LanguageSwitcher({ className }: LanguageSwitcherProps) {
  const { t, i18n } = useTranslation('common');
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const current: Language = (LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : 'th';

  useEffect(() => {
    if (!isOpen) return;
    const handlePointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsOpen(false);
    };
    document.addEventListener('pointerdown', handlePointer);
    document.addEventListener('keydown', handleKey);
    rootRef.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();
    return () => {
      document.removeEventListener('pointerdown', handlePointer);
      document.removeEventListener('keydown', handleKey);
    };
  }, [isOpen]);

  const handleSelect = (language: Language) => {
    setIsOpen(false);
    if (language !== current) void i18n.changeLanguage(language);
  };

  return (
    <div ref={rootRef} className={clsx('relative', className)}>
      <button
        type="button"
        data-testid="language-switcher"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        aria-label={`${t('language.label')}: ${t(`language.${current}`)}`}
        onClick={() => setIsOpen((open) => !open)}
        className="inline-flex min-h-11 items-center gap-1.5 rounded-full bg-white/5 pr-2.5 pl-3 text-sm font-semibold text-fg ring-1 ring-line ring-inset transition hover:bg-white/10"
      >
        <Icon name="globe" className="size-[18px] text-primary" />
        <span lang={intlLocale(current)}>{t(`language.${current}`)}</span>
        <Icon name="chevron-down" className={clsx('size-4 text-muted transition', isOpen && 'rotate-180')} />
      </button>
      {isOpen && (
        <div
          id={menuId}
          role="menu"
          aria-label={t('language.label')}
          className="absolute top-full right-0 z-50 mt-2 min-w-44 rounded-2xl bg-bg-raised p-1.5 shadow-card ring-1 ring-line animate-fade-in"
        >
          {LANGUAGES.map((language) => (
            <button
              key={language}
              type="button"
              role="menuitemradio"
              aria-checked={language === current}
              lang={intlLocale(language)}
              onClick={() => handleSelect(language)}
              className="flex min-h-11 w-full items-center justify-between gap-3 rounded-xl px-3 text-left text-base text-fg outline-none hover:bg-white/5 focus-visible:bg-white/10 aria-checked:font-semibold"
            >
              {t(`language.${language}`)}
              {language === current && <Icon name="check" className="size-5 text-primary" />}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
