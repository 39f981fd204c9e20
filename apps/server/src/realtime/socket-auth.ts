import { socketRooms } from '@wallet/contract/socket-events';

/** Who a socket is, decided once on connect. */
export type SocketPrincipal =
  | { kind: 'member'; memberId: number; sessionId: string }
  | { kind: 'operator'; operatorId: string; roles: readonly string[] }
  | { kind: 'guest'; guestId: string };

/**
 * How each kind of token is checked. `operator` is pluggable: until operator sessions exist it is absent and
 * operator sockets are refused.
 */
export type SocketVerifiers = {
  member(token: string): Promise<{ memberId: number; sessionId: string }>;
  operator?(token: string): Promise<{ operatorId: string; roles: readonly string[] }>;
  guest(token: string): Promise<{ guestId: string }>;
};

/** The reason a connect was refused, as the client sees it in `connect_error`. */
export const SOCKET_UNAUTHORIZED = 'UNAUTHORIZED';

const MAX_TOKEN_CHARS = 4096;

function tokenOf(auth: unknown): { kind: string; token: string } | null {
  if (typeof auth !== 'object' || auth === null) return null;
  const { kind, token } = auth as Record<string, unknown>;
  if (typeof kind !== 'string' || typeof token !== 'string' || token.length === 0) return null;
  if (token.length > MAX_TOKEN_CHARS) return null;
  return { kind, token };
}

/** The principal of a handshake's `auth`, or null when it is missing, malformed or does not verify. */
export async function authenticate(auth: unknown, verifiers: SocketVerifiers): Promise<SocketPrincipal | null> {
  const given = tokenOf(auth);
  if (!given) return null;
  try {
    switch (given.kind) {
      case 'member':
        return { kind: 'member', ...(await verifiers.member(given.token)) };
      case 'guest':
        return { kind: 'guest', ...(await verifiers.guest(given.token)) };
      case 'operator':
        return verifiers.operator ? { kind: 'operator', ...(await verifiers.operator(given.token)) } : null;
      default:
        return null;
    }
  } catch {
    return null;
  }
}

/** The server-side room of one member session's sockets (never a room a client may name). */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** The only rooms a principal's socket is in (a member's is in its session's room too, for revocation). */
export function roomsOf(principal: SocketPrincipal): string[] {
  switch (principal.kind) {
    case 'member':
      return [socketRooms.member(principal.memberId), sessionRoom(principal.sessionId)];
    case 'guest':
      return [socketRooms.guest(principal.guestId)];
    case 'operator':
      return [socketRooms.operators];
  }
}
