import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 defaults every authenticator app understands: SHA-1, 6 digits, 30 s. */
const PERIOD_S = 30;
const ISSUER = 'Member wallet';

/** The crypto-box context of an operator's TOTP secret: a box copied to another operator does not open. */
export const totpContext = (username: string) => `operator-totp:${username}`;

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secretBase32: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });

/**
 * The 30-second step the code belongs to when it is valid now (one step of drift either way), else null.
 * The caller refuses a step it already accepted, so a code works once.
 */
export function totpStep(secretBase32: string, code: string, now: Date): number | null {
  const delta = totpOf(secretBase32, 'x').validate({ token: code, timestamp: now.getTime(), window: 1 });
  // `validate` returns the delta (0 is valid) or null: never test truthiness
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
}

/** The current code (demo and tests). */
export const totpCode = (secretBase32: string, now: Date): string =>
  totpOf(secretBase32, 'x').generate({ timestamp: now.getTime() });

/**
 * The otpauth:// URI and the same as a QR image for an authenticator app: an SVG drawn on the server (no QR code
 * in the console's bundle), as a data URL the page shows in an `<img>` (CSP img-src allows data:).
 */
export async function totpEnrolment(secretBase32: string, username: string): Promise<{ uri: string; qr: string }> {
  const uri = totpOf(secretBase32, username).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return { uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}
