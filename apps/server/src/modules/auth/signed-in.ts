import { AppError } from '../../errors.ts';
import type { AuthMember } from './session.service.ts';

/** The member of a member endpoint (registerRoutes has verified the token); `invalid-token` if somehow absent. */
export function signedIn(member: AuthMember | null): AuthMember {
  if (!member) throw new AppError('invalid-token');
  return member;
}
