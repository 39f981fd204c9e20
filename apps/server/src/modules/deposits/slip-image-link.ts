import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import { signedLinks } from '../../lib/signed-links.ts';

/** Where a member's own slip image is read by a signed link (an <img> sends no Authorization header). */
export const SLIP_IMAGE_PATH = '/api/slip-images/';
const LINK_TTL_S = 300;

/**
 * Short-lived signed links to one slip image: handed only to the slip's owner (statement.slipReference); the link
 * names the slip id and its expiry, and a holder cannot turn it into another slip's link.
 */
export function slipImageLinks(secret: string, clock: Clock) {
  const links = signedLinks({ secret, purpose: 'slip-image', path: SLIP_IMAGE_PATH, ttlSeconds: LINK_TTL_S, clock });
  return {
    url: (id: string): string => links.url(encodeURIComponent(id)),
    /** throws FORBIDDEN unless the link is ours and not expired */
    check(id: string, expText: unknown, sigText: unknown): void {
      if (!links.isValid(encodeURIComponent(id), expText, sigText)) throw new AppError('FORBIDDEN');
    },
  };
}
