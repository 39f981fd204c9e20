import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HtmlPreview } from './html-preview.tsx';

describe('HtmlPreview', () => {
  it('keeps formatting and text, drops scripts, styles and every attribute', () => {
    const { container } = render(
      <HtmlPreview
        title="Caption"
        html={`<p style="color:red" onclick="alert(1)"><b>Deposit</b> 100 get <i>50</i></p><script>alert(2)</script><img src=x onerror="alert(3)"><a href="javascript:alert(4)">terms</a><style>*{}</style>`}
      />,
    );
    const figure = screen.getByRole('figure', { name: 'Caption' });
    expect(figure).toHaveTextContent('Deposit 100 get 50terms');
    expect(figure.querySelector('b')).toHaveTextContent('Deposit');
    expect(container.querySelectorAll('script, style, img, a, [style], [onclick], [href]')).toHaveLength(0);
  });
});
