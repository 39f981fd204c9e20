import { FieldShell } from '@wallet/ui/field-shell';
import { TextField } from '@wallet/ui/text-field';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Section, useErrorText } from './form-bits.tsx';
import { LANGS, languagesWithErrors, type Lang } from './promotion-draft.ts';
import type { SectionProps } from './section-props.ts';

/** The name and description players read, one tab per player language (Thai, Lao, English). */
export function TextsSection({ draft, set, errors }: SectionProps) {
  const { t } = useTranslation('promotions');
  const errorText = useErrorText();
  const [lang, setLang] = useState<Lang>('th');
  const marked = languagesWithErrors(errors);
  return (
    <Section title={t('form.texts')} hint={t('form.textsHint')}>
      <div role="tablist" aria-label={t('form.texts')} className="flex gap-1 rounded-2xl bg-bg p-1 ring-1 ring-line">
        {LANGS.map((code) => (
          <button
            key={code}
            type="button"
            role="tab"
            aria-selected={lang === code}
            onClick={() => setLang(code)}
            className={clsx(
              'flex min-h-9 flex-1 items-center justify-center gap-2 rounded-xl text-sm font-semibold transition-colors',
              lang === code ? 'bg-surface-2 text-fg shadow-sm' : 'text-muted hover:text-fg',
            )}
          >
            {t(`lang.${code}`)}
            {marked.includes(code) && (
              <span className="size-2 rounded-full bg-danger" aria-label={t('form.hasErrors')} />
            )}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="flex flex-col gap-4">
        <TextField
          key={`name-${lang}`}
          label={t('form.name')}
          lang={lang}
          maxLength={80}
          error={errorText(errors[`name.${lang}`])}
          value={draft.name[lang]}
          onChange={(e) => set({ name: { ...draft.name, [lang]: e.target.value } })}
          data-testid={`promotion-name-${lang}`}
        />
        <FieldShell
          label={t('form.description')}
          error={errorText(errors[`description.${lang}`])}
          hint={t('form.descriptionHint')}
        >
          {(control) => (
            <textarea
              {...control}
              key={`description-${lang}`}
              lang={lang}
              rows={5}
              maxLength={2000}
              value={draft.description[lang]}
              onChange={(e) => set({ description: { ...draft.description, [lang]: e.target.value } })}
              className={clsx(
                'w-full rounded-2xl bg-bg-raised px-4 py-3 text-sm text-fg ring-1 outline-none ring-inset focus:ring-2 focus:ring-primary',
                errors[`description.${lang}`] ? 'ring-danger' : 'ring-line',
              )}
              data-testid={`promotion-description-${lang}`}
            />
          )}
        </FieldShell>
      </div>
    </Section>
  );
}
