/** The text of a slice's `htmlDescription` (operator HTML): tags dropped, entities decoded, never injected. */
export function htmlText(html: string): string {
  const withBreaks = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>/gi, '\n');
  if (typeof DOMParser === 'undefined') return withBreaks.replace(/<[^>]*>/g, '').trim();
  return (new DOMParser().parseFromString(withBreaks, 'text/html').body.textContent ?? '').trim();
}
