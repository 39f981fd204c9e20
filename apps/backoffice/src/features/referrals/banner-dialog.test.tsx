import { BannerInputSchema } from '@wallet/contract/admin/referral-refunds';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BannerDialog } from './banner-dialog.tsx';
import { emptyBanner, validateBanner } from './banner-draft.ts';

const IMAGE = '/api/banners/image/0b7e7f7a-3c1d-4a8e-9f51-1d2c3b4a5e6f.png';

describe('BannerDialog', () => {
  it('needs an image and the Thai text before it saves; Lao and English may stay empty', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() => Promise.resolve());
    const onOpenChange = vi.fn();
    const { rerender } = render(
      <BannerDialog
        open
        onOpenChange={onOpenChange}
        banner={null}
        initial={emptyBanner('invite', 0)}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'New invite banner' })).toBeInTheDocument();
    await user.click(screen.getByTestId('banner-save'));
    expect(screen.getByText('Upload an image')).toBeInTheDocument();
    expect(screen.getByTestId('banner-html-th')).toHaveAccessibleDescription('The Thai text is required');
    expect(onSubmit).not.toHaveBeenCalled();

    // an uploaded image (the dialog starts from it) and the Thai text are enough
    rerender(
      <BannerDialog
        key="with-image"
        open
        onOpenChange={onOpenChange}
        banner={null}
        initial={{ ...emptyBanner('invite', 0), image: IMAGE }}
        onSubmit={onSubmit}
      />,
    );
    await user.click(screen.getByTestId('banner-html-th'));
    await user.paste('<b>ชวนเพื่อน รับ 5%</b>');
    expect(screen.getByRole('figure', { name: 'Text preview' })).toHaveTextContent('ชวนเพื่อน รับ 5%');
    await user.click(screen.getByTestId('banner-save'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const body = (onSubmit.mock.calls[0] as unknown as [unknown])[0];
    expect(BannerInputSchema.parse(body)).toEqual({
      place: 'invite',
      image: IMAGE,
      html: { th: '<b>ชวนเพื่อน รับ 5%</b>', la: '', en: '' },
      sortOrder: 0,
      isActive: true,
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('keeps the dialog open with the server error when the save fails', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(
      <BannerDialog
        open
        onOpenChange={onOpenChange}
        banner={null}
        initial={{ ...emptyBanner('refund', 2), image: IMAGE, html: { th: 'คืนยอดเสีย', la: '', en: '' } }}
        onSubmit={() => Promise.reject(new Error('boom'))}
      />,
    );
    await user.click(screen.getByTestId('banner-save'));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});

describe('validateBanner', () => {
  it('refuses a position outside 0–1000 and text over 4,000 characters', () => {
    const base = { ...emptyBanner('refund', 0), image: IMAGE, html: { th: 'x', la: '', en: '' } };
    expect(validateBanner(base)).toEqual({});
    expect(validateBanner({ ...base, sortOrder: 1001 })).toEqual({ sortOrder: 'order' });
    expect(validateBanner({ ...base, sortOrder: Number.NaN })).toEqual({ sortOrder: 'order' });
    expect(validateBanner({ ...base, html: { th: 'x', la: '', en: 'y'.repeat(4001) } })).toEqual({ html: 'tooLong' });
  });
});
