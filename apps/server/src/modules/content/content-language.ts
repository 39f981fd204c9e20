import type { FastifyRequest } from 'fastify';

/** The player's languages (docs/spec.md §1); `la` is the product's code for Lao (ISO `lo`). */
export type ContentLanguage = 'th' | 'la' | 'en';

const byTag: Record<string, ContentLanguage> = { th: 'th', la: 'la', lo: 'la', en: 'en' };

/**
 * The language content is answered in: the first language of `Accept-Language` (by q-value) that the site
 * speaks. The player sends the one the member chose; a browser's own header works too. Thai otherwise.
 */
export function contentLanguageOf(header: string | string[] | undefined): ContentLanguage {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranked = value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? '1',
      );
      return { base: tag.toLowerCase().split('-')[0] ?? '', q: Number.isFinite(q) ? q : 0, index };
    })
    .filter(({ base, q }) => q > 0 && base in byTag)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0] ? (byTag[ranked[0].base] ?? 'th') : 'th';
}

export const requestLanguage = (request: FastifyRequest): ContentLanguage =>
  contentLanguageOf(request.headers['accept-language']);
