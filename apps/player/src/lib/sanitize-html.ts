/**
 * Operator-authored HTML (conditions, agreements, banners, prize descriptions) is rendered as HTML,
 * but only formatting survives: scripts, frames, forms, event handlers, styles and non-http links are dropped.
 */
const ALLOWED_TAGS = new Set([
  'A', 'B', 'BR', 'DIV', 'EM', 'H1', 'H2', 'H3', 'H4', 'HR', 'I', 'IMG', 'LI', 'OL', 'P', 'SMALL', 'SPAN',
  'STRONG', 'SUB', 'SUP', 'TABLE', 'TBODY', 'TD', 'TH', 'THEAD', 'TR', 'U', 'UL', 'BLOCKQUOTE',
]);
const DROP_WITH_CONTENT = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT', 'SVG', 'MATH']);
const SAFE_URL = /^(https?:|mailto:|tel:|\/(?!\/)|#)/i;
const SAFE_IMG = /^(https?:|\/(?!\/)|data:image\/(png|jpe?g|gif|webp);)/i;

function clean(node: Element): void {
  for (const child of Array.from(node.children)) {
    if (DROP_WITH_CONTENT.has(child.tagName)) {
      child.remove();
      continue;
    }
    clean(child);
    if (!ALLOWED_TAGS.has(child.tagName)) {
      child.replaceWith(...Array.from(child.childNodes));
      continue;
    }
    for (const attr of Array.from(child.attributes)) {
      const name = attr.name.toLowerCase();
      const value = attr.value.trim();
      const keep =
        (name === 'href' && child.tagName === 'A' && SAFE_URL.test(value)) ||
        (name === 'src' && child.tagName === 'IMG' && SAFE_IMG.test(value)) ||
        (name === 'alt' && child.tagName === 'IMG') ||
        ((name === 'colspan' || name === 'rowspan') && /^\d+$/.test(value));
      if (!keep) child.removeAttribute(attr.name);
    }
    if (child.tagName === 'A') {
      child.setAttribute('target', '_blank');
      child.setAttribute('rel', 'noopener noreferrer');
    }
  }
}

export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  clean(doc.body);
  return doc.body.innerHTML;
}
