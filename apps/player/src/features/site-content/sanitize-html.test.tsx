import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HtmlContent } from './html-content.tsx';

const renderHtml = (html: string) => render(<HtmlContent html={html} />).container.firstElementChild as HTMLElement;

describe('HtmlContent sanitizer', () => {
  it('keeps basic formatting', () => {
    const root = renderHtml('<h3>Title</h3><p>Hello <strong>world</strong><br>line</p><ul><li>a</li></ul>');
    expect(root.innerHTML).toBe('<h3>Title</h3><p>Hello <strong>world</strong><br>line</p><ul><li>a</li></ul>');
  });

  it('drops scripts, handlers, styles and unsafe links', () => {
    const root = renderHtml(
      '<p onclick="x()" style="color:red">ok</p><script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">bad</a><iframe src="https://e.x"></iframe>',
    );
    expect(root.innerHTML).toBe('<p>ok</p>bad');
    expect(root.querySelector('[onclick],[style],img,script,iframe')).toBeNull();
  });

  it('keeps http(s) links opening outside the app', () => {
    const link = renderHtml('<a href="https://example.com" onclick="x()">site</a>').querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link?.hasAttribute('onclick')).toBe(false);
  });

  it('unwraps unknown tags to their text', () => {
    expect(renderHtml('<section><font color="red">text</font></section>').innerHTML).toBe('text');
  });
});
