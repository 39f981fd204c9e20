import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copy-text.ts';

const setClipboard = (value: unknown) =>
  Object.defineProperty(navigator, 'clipboard', { value, configurable: true, writable: true });
afterEach(() => {
  vi.restoreAllMocks();
  setClipboard(undefined);
});

describe('copyText', () => {
  it('uses the async clipboard when there is one', async () => {
    const writeText = vi.fn(async () => undefined);
    setClipboard({ writeText });
    await copyText('1234567890');
    expect(writeText).toHaveBeenCalledWith('1234567890');
  });

  it('falls back to a hidden textarea (plain http), leaves nothing behind, and rejects when copy fails', async () => {
    setClipboard(undefined);
    const copied: string[] = [];
    const exec = vi.fn(() => {
      copied.push(
        (document.activeElement as HTMLTextAreaElement | null)?.value ?? document.querySelector('textarea')!.value,
      );
      return true;
    });
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    await copyText('KBANK 123');
    expect(copied).toEqual(['KBANK 123']);
    expect(document.querySelector('textarea')).toBeNull();
    exec.mockReturnValue(false);
    await expect(copyText('x')).rejects.toThrow('copy failed');
  });
});
