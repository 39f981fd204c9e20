import { sanitizeHtml } from '@wallet/web-core/sanitize-html';
import { clsx } from 'clsx';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass, Labelled } from './form-parts.tsx';

/**
 * Operator HTML content (agreements, conditions, notice, contact text; each language's form under
 * contentTranslations too) edited in a multi-line box beside its rendered preview. The preview goes through the
 * player's own sanitiser (@wallet/web-core/sanitize-html), so it shows exactly what a player will see: no scripts,
 * no attributes, only the allowed tags.
 */
export function HtmlField(props: {
  label: string;
  path: string;
  value: string;
  isInvalid: boolean;
  onChange(value: string): void;
}) {
  const { t } = useTranslation('settings');
  const id = useId();
  const preview = useMemo(() => sanitizeHtml(props.value), [props.value]);
  return (
    <Labelled label={props.label} htmlFor={id}>
      <div className="grid gap-3 xl:grid-cols-2">
        <textarea
          id={id}
          data-path={props.path}
          rows={8}
          spellCheck={false}
          className={clsx(inputClass, 'h-auto min-h-40 resize-y py-2 font-mono text-xs leading-relaxed')}
          aria-invalid={props.isInvalid}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
        <section
          aria-label={t('preview')}
          className="min-h-40 overflow-auto rounded-xl bg-bg px-4 py-3 ring-1 ring-line"
          data-testid="content-preview"
        >
          <p className="mb-2 text-[11px] font-semibold tracking-wide text-subtle uppercase">{t('preview')}</p>
          <div
            className={clsx(
              'text-sm leading-relaxed text-fg/90',
              '[&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-bold [&_h3]:mb-2 [&_h3]:text-base [&_h3]:font-bold [&_h3]:text-primary [&_h4]:font-semibold',
              '[&_p]:mb-3 [&_ul]:mb-3 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:mb-3 [&_ol]:list-decimal [&_ol]:pl-5 [&_li]:mb-1',
              '[&_a]:text-primary [&_a]:underline [&_strong]:text-fg [&_hr]:my-4 [&_hr]:border-line',
            )}
          >
            {props.value.trim() ? preview : <span className="text-muted">{t('previewEmpty')}</span>}
          </div>
        </section>
      </div>
    </Labelled>
  );
}
