import { createElement, type ReactNode } from 'react';

/** Tags the preview draws; any other element shows only its text. Attributes are never copied. */
const TAGS = new Set([
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'small',
  'br',
  'p',
  'div',
  'span',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
]);
const BLOCKED = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript']);

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const tag = (node as Element).tagName.toLowerCase();
  if (BLOCKED.has(tag)) return null;
  const children = Array.from(node.childNodes, (child, i) => toReact(child, i));
  if (!TAGS.has(tag)) return children;
  return createElement(tag, { key }, ...(tag === 'br' ? [] : children));
}

/**
 * Operator-written HTML (a banner's caption) as the console previews it: parsed in an inert document (no script
 * runs, no image loads), then redrawn with a few formatting tags and no attributes at all — nothing in a caption
 * can act inside the console, and the strict CSP sees no inline style.
 */
export function HtmlPreview({ html, title, className }: { html: string; title: string; className?: string }) {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return (
    <div
      role="figure"
      aria-label={title}
      className={
        className ??
        'rounded-xl bg-bg-raised px-3 py-2 text-sm leading-relaxed text-fg ring-1 ring-line [&_h1]:text-lg [&_h1]:font-bold [&_h2]:font-bold [&_li]:ml-4 [&_ol]:list-decimal [&_ul]:list-disc'
      }
    >
      {Array.from(body.childNodes, (child, i) => toReact(child, i))}
    </div>
  );
}
