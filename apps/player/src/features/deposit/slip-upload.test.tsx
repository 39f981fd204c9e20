import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n.ts';
import { renderWithProviders } from '../../testing/mock-api.tsx';
import en from './locales/en.json';
import la from './locales/la.json';
import th from './locales/th.json';
import { SlipUpload } from './slip-upload.tsx';

const upload = vi.hoisted(() => vi.fn());
vi.mock('../../api/slip-upload.ts', () => ({ uploadSlip: upload }));

beforeEach(async () => {
  for (const [lang, strings] of Object.entries({ en, th, la }))
    i18next.addResourceBundle(lang, 'deposit', strings, true, true);
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:slip');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});
afterEach(async () => {
  vi.restoreAllMocks();
  upload.mockReset();
  await i18next.changeLanguage('th');
});

async function uploadOne() {
  renderWithProviders(<SlipUpload unit="THB" isClosed={false} />);
  const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'slip.png', { type: 'image/png' });
  await userEvent.upload(screen.getByTestId('slip-file'), file);
  await userEvent.click(screen.getByTestId('slip-upload'));
  return screen.findByTestId('slip-result');
}

describe('slip upload (docs/decisions/0025-slip-sender-and-provider-amounts.md)', () => {
  it.each([
    ['en', 'under review'],
    ['th', 'อยู่ระหว่างการตรวจสอบ'],
    ['la', 'ກຳລັງຖືກກວດສອບ'],
  ])('a slip held for an operator says "under review" (%s), not in progress or duplicate', async (lang, words) => {
    await i18next.changeLanguage(lang);
    upload.mockResolvedValue({ message: 'REVIEW', status: 'REVIEW', reference: 'SABCDEFGH2345678' });
    const result = await uploadOne();
    expect(result).toHaveTextContent(words);
    expect(result).toHaveAttribute('role', 'status');
  });
});

describe('slip picker', () => {
  it.each([
    ['en', 'not an image'],
    ['th', 'ไม่ใช่รูปภาพ'],
    ['la', 'ບໍ່ແມ່ນຮູບພາບ'],
  ])('a text file is refused with a message (%s): no preview, nothing to upload', async (lang, words) => {
    await i18next.changeLanguage(lang);
    renderWithProviders(<SlipUpload unit="THB" isClosed={false} />);
    const text = new File(['not a slip'], 'notes.txt', { type: 'text/plain' });
    // the picker's "all files" choice: the accept filter is not applied
    await userEvent.setup({ applyAccept: false }).upload(screen.getByTestId('slip-file'), text);
    expect(await screen.findByTestId('slip-result')).toHaveTextContent(words);
    expect(screen.queryByTestId('slip-preview')).toBeNull();
    expect(screen.getByTestId('slip-upload')).toBeDisabled();
    expect(upload).not.toHaveBeenCalled();
  });
});
