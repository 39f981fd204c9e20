import { createDecipheriv, createHash } from 'node:crypto';

/**
 * The player's CryptoJS passphrase encoding of a gift link (docs/payments.md §4.1, OpenSSL `enc` format):
 * Base64("Salted__" ‖ salt[8] ‖ AES-256-CBC(link)), key and IV from EVP_BytesToKey(MD5, 1 round). Encoding, not
 * security: the secret ships in the player. Null for anything that does not decrypt to UTF-8 text.
 */
export function decryptTrueLink(cipherText: string, secret: string): string | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(cipherText) || cipherText.length > 2000) return null;
  const raw = Buffer.from(cipherText, 'base64');
  if (raw.length < 32 || raw.subarray(0, 8).toString('latin1') !== 'Salted__' || (raw.length - 16) % 16 !== 0)
    return null;
  const salt = raw.subarray(8, 16);
  const pass = Buffer.from(secret, 'utf8');
  const d1 = createHash('md5')
    .update(Buffer.concat([pass, salt]))
    .digest();
  const d2 = createHash('md5')
    .update(Buffer.concat([d1, pass, salt]))
    .digest();
  const d3 = createHash('md5')
    .update(Buffer.concat([d2, pass, salt]))
    .digest();
  try {
    const decipher = createDecipheriv('aes-256-cbc', Buffer.concat([d1, d2]), d3);
    const plain = Buffer.concat([decipher.update(raw.subarray(16)), decipher.final()]);
    const text = new TextDecoder('utf-8', { fatal: true }).decode(plain);
    return text;
  } catch {
    return null;
  }
}

/**
 * The voucher hash of a gift link, strictly (docs/payments.md §4): `https://gift.truemoney.com/campaign/?v=<hash>` or a bare
 * hash, [0-9A-Za-z]{10,64}. Nothing is fetched: any other host or shape is null.
 */
export function extractVoucherHash(link: string): string | null {
  const text = link.trim();
  if (/^[0-9A-Za-z]{10,64}$/.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.hostname !== 'gift.truemoney.com' || url.username || url.port) return null;
  if (!/^\/campaign\/?$/.test(url.pathname)) return null;
  const hash = url.searchParams.get('v') ?? '';
  return /^[0-9A-Za-z]{10,64}$/.test(hash) ? hash : null;
}
