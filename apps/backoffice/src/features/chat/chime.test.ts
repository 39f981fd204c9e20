import { describe, expect, it } from 'vitest';
import { chimeWav } from './chime.ts';

describe('the new-message chime', () => {
  it('is a small 8 kHz 16-bit mono PCM WAV whose sizes add up', async () => {
    const bytes = new DataView(await chimeWav().arrayBuffer());
    const text = (at: number) => String.fromCharCode(...[0, 1, 2, 3].map((i) => bytes.getUint8(at + i)));
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(bytes.getUint32(4, true)).toBe(bytes.byteLength - 8);
    expect(bytes.getUint32(40, true)).toBe(bytes.byteLength - 44);
    expect([bytes.getUint16(22, true), bytes.getUint32(24, true), bytes.getUint16(34, true)]).toEqual([1, 8000, 16]);
    expect(bytes.byteLength).toBeLessThan(6_000);
  });
});
