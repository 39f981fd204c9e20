import { randomInt } from 'node:crypto';
import { decrypt, encrypt } from '../../lib/crypto-box.ts';

/** Agent prefix of every player name we create at a provider. */
const AGENT_PREFIX = 'wl';
const SUFFIX_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const PASSWORD_LENGTH = 12;

const pick = (alphabet: string, length: number) =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');

/** `wl{memberId}{4 random chars}`: agent-prefixed, traceable to the member, not guessable. */
export function newGameUsername(memberId: number): string {
  return `${AGENT_PREFIX}${memberId}${pick(SUFFIX_ALPHABET, 4)}`;
}

/** A CSPRNG password with an upper, a lower and a digit (providers' usual rule), no look-alike characters. */
export function newGamePassword(): string {
  for (;;) {
    const password = pick(PASSWORD_ALPHABET, PASSWORD_LENGTH);
    if (/[A-Z]/.test(password) && /[a-z]/.test(password) && /\d/.test(password)) return password;
  }
}

/** The sealed password is bound to its member and game: a box copied to another row does not open. */
const boxContext = (memberId: number, game: string) => `game-password:${memberId}:${game}`;

export function sealGamePassword(password: string, key: string, memberId: number, game: string): string {
  return encrypt(password, key, boxContext(memberId, game));
}

export function openGamePassword(box: string, key: string, memberId: number, game: string): string {
  return decrypt(box, key, boxContext(memberId, game));
}
