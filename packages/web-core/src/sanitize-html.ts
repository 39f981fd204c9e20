import { createElement, type ReactNode } from 'react';

/**
 * Tags kept from operator-supplied HTML (agreements, conditions). Everything else is unwrapped to its text. The player
 * renders content with it and the console previews content with it: what an operator sees is what a player gets.
 */
const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'small',
  'span',
  'div',
  'h2',
  'h3',
  'h4',
  'h5',
  'ul',
  'ol',
  'li',
  'hr',
  'blockquote',
  'a',
]);
/** Tags dropped with their content. */
const DROPPED_TAGS = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'link',
  'meta',
  'head',
  'title',
]);
const VOID_TAGS = new Set(['br', 'hr']);
const SAFE_HREF = /^https?:\/\//i;

function toReact(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED_TAGS.has(tag)) return null;
  const children = Array.from(element.childNodes, (child, index) => toReact(child, `${key}.${index}`));
  if (!ALLOWED_TAGS.has(tag)) return children;
  if (VOID_TAGS.has(tag)) return createElement(tag, { key });
  if (tag === 'a') {
    // no attribute is copied except a plain http(s) link, opened outside the app
    const href = element.getAttribute('href') ?? '';
    return SAFE_HREF.test(href)
      ? createElement('a', { key, href, target: '_blank', rel: 'noopener noreferrer' }, children)
      : children;
  }
  return createElement(tag, { key }, children);
}

/**
 * Turns an HTML string from the server into React elements: only basic formatting tags, no attributes
 * (so no handlers, styles or URLs except http(s) links), scripts and embeds dropped. Nothing reaches innerHTML.
 */
export function sanitizeHtml(html: string): ReactNode {
  const document = new DOMParser().parseFromString(html, 'text/html');
  return Array.from(document.body.childNodes, (child, index) => toReact(child, String(index)));
}
