import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock.ts';
import { signedLinks } from '../../src/lib/signed-links.ts';

const clock = new FakeClock();
const parts = (url: string) => {
  const parsed = new URL(url, 'http://x');
  return {
    id: parsed.pathname.split('/').at(-1)!,
    exp: parsed.searchParams.get('exp'),
    sig: parsed.searchParams.get('sig'),
  };
};

describe('signed links', () => {
  const slips = signedLinks({ secret: 's3cret', purpose: 'slip-image', path: '/a/', ttlSeconds: 60, clock });
  const media = signedLinks({ secret: 's3cret', purpose: 'chat-media', path: '/a/', ttlSeconds: 60, clock });

  it('accepts its own link until it expires, and nothing else', () => {
    const { id, exp, sig } = parts(slips.url('S1'));
    expect(slips.isValid(id, exp, sig)).toBe(true);
    // another object, a stretched expiry, a link of another purpose, garbage
    expect(slips.isValid('S2', exp, sig)).toBe(false);
    expect(slips.isValid(id, Number(exp) + 3600, sig)).toBe(false);
    expect(media.isValid(id, exp, sig)).toBe(false);
    expect(slips.isValid(id, 'abc', sig)).toBe(false);
    expect(slips.isValid(id, exp, undefined)).toBe(false);
    clock.advance(61_000);
    expect(slips.isValid(id, exp, sig)).toBe(false);
  });
});
