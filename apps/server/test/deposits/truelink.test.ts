import { createCipheriv, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptTrueLink, extractVoucherHash } from '../../src/modules/deposits/truelink.ts';

const VECTOR =
  'U2FsdGVkX18BAgMEBQYHCLl0UKFj6BF+MTMiajg9q3AIMekd1jGGqXGYiHRJyh4rPJHOm/Z9C348fb6VWqpOLTbcglLrJNAzIAhqpBWC8us=';

describe('True Wallet link decoding (docs/payments.md §4, §4.1)', () => {
  it('decrypts the §4.1 test vector', () => {
    expect(decryptTrueLink(VECTOR, 'sandbox-shared-secret')).toBe(
      'https://gift.truemoney.com/campaign/?v=0123456789abcdefAB',
    );
  });

  it('refuses a wrong secret, a tampered or non-OpenSSL ciphertext', () => {
    expect(decryptTrueLink(VECTOR, 'another-secret')).not.toBe(
      'https://gift.truemoney.com/campaign/?v=0123456789abcdefAB',
    );
    expect(decryptTrueLink('not base64!', 'sandbox-shared-secret')).toBeNull();
    expect(decryptTrueLink(Buffer.from('Salted__12345678').toString('base64'), 'x')).toBeNull();
    const cipher = createCipheriv('aes-256-cbc', createHash('sha256').update('k').digest(), Buffer.alloc(16));
    const noPrefix = Buffer.concat([cipher.update('hello'), cipher.final()]).toString('base64');
    expect(decryptTrueLink(noPrefix, 'k')).toBeNull();
  });

  it.each([
    ['https://gift.truemoney.com/campaign/?v=jmAXkKvy6ek7aK4gcb', 'jmAXkKvy6ek7aK4gcb'],
    ['jmAXkKvy6ek7aK4gcb', 'jmAXkKvy6ek7aK4gcb'],
    ['https://gift.truemoney.com.evil.example/campaign/?v=jmAXkKvy6ek7aK4gcb', null],
    ['http://gift.truemoney.com/campaign/?v=jmAXkKvy6ek7aK4gcb', null],
    ['https://gift.truemoney.com/campaign/?v=short', null],
    ['https://gift.truemoney.com/other/?v=jmAXkKvy6ek7aK4gcb', null],
    ['https://user@gift.truemoney.com/campaign/?v=jmAXkKvy6ek7aK4gcb', null],
    ['https://gift.truemoney.com/campaign/?v=jmAX<script>', null],
  ])('extracts the hash of %s strictly', (link, hash) => expect(extractVoucherHash(link)).toBe(hash));
});
