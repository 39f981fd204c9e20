import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Authenticated encryption for secrets the product must show again (game passwords, ASVS 11.3.2):
 * AES-256-GCM with a random 96-bit IV. Output `v1.<iv>.<tag>.<ciphertext>` (base64url parts).
 * `context` is bound as additional data, so a ciphertext copied to another row does not decrypt.
 */
const VERSION = 'v1';
const IV_BYTES = 12;

function keyOf(keyHex: string): Buffer {
  const key = Buffer.from(keyHex, 'hex');
  if (key.length !== 32) throw new Error('crypto-box: the key must be 32 bytes of hex');
  return key;
}

export function encrypt(plaintext: string, keyHex: string, context = ''): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(keyHex), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** Throws when the box was tampered with, or was sealed with another key or context. */
export function decrypt(box: string, keyHex: string, context = ''): string {
  const [version, iv, tag, ciphertext] = box.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined) {
    throw new Error('crypto-box: unknown format');
  }
  const decipher = createDecipheriv('aes-256-gcm', keyOf(keyHex), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
