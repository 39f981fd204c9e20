import { clsx } from 'clsx';
import { useMemo } from 'react';
import { sanitizeHtml } from '@wallet/web-core/sanitize-html';

/** Operator HTML (agreements) rendered through the allow-list sanitizer, with readable typography. */
export function HtmlContent({ html, className }: { html: string; className?: string }) {
  const content = useMemo(() => sanitizeHtml(html), [html]);
  return (
    <div
      className={clsx(
        'text-[15px] leading-relaxed text-fg/90',
        '[&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-bold [&_h3]:mb-2 [&_h3]:text-base [&_h3]:font-bold [&_h3]:text-primary [&_h4]:font-semibold',
        '[&_p]:mb-3 [&_ul]:mb-3 [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:mb-3 [&_ol]:list-decimal [&_ol]:pl-5 [&_li]:mb-1',
        '[&_a]:text-primary [&_a]:underline [&_strong]:text-fg [&_hr]:my-4 [&_hr]:border-line',
        className,
      )}
    >
      {content}
    </div>
  );
}
