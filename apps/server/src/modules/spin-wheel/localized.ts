import type { Localized } from '../../db/schema/spin-wheel.ts';
import type { ContentLanguage } from '../content/content.api.ts';

export const pick = (text: Localized, lang: ContentLanguage): string => text[lang] || text.th || text.en;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** The spec's `htmlDescription` from an operator's plain text: escaped, line breaks kept. */
export const toHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c).replace(/\n/g, '<br>');
