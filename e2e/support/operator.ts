import { expect, type APIRequestContext } from '@playwright/test';
import { createHmac } from 'node:crypto';
import type { RunningServer } from './server.ts';

/** The demo operator (DEMO_DATA): every role; its TOTP secret is printed by the server at start. */
const OPERATOR = { username: 'admin', password: 'demo-admin-password' } as const;
const tokens = new Map<string, string>();

/** RFC 6238 (SHA-1, 6 digits, 30 s) for a base32 secret at an instant: what an authenticator app shows. */
function totpAt(secretBase32: string, at: number): string {
  let bits = '';
  for (const char of secretBase32.replace(/=+$/, '')) {
    bits += 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.indexOf(char).toString(2).padStart(5, '0');
  }
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const secretOf = (server: RunningServer): string => {
  const match = /TOTP secret \(base32\) ([A-Z2-7]+)/.exec(server.logs());
  if (!match?.[1]) throw new Error('the server did not print the demo operator TOTP secret');
  return match[1];
};

/**
 * An operator token for the demo operator, signed in once per server. A TOTP code works once, so the codes of the
 * current, next and previous 30-second steps (all accepted) are tried in turn.
 */
export async function operatorToken(request: APIRequestContext, server: RunningServer): Promise<string> {
  const cached = tokens.get(server.url);
  if (cached) return cached;
  const secret = secretOf(server);
  for (const shift of [0, 30_000, -30_000]) {
    const code = totpAt(secret, Date.now() + shift);
    const res = await request.post(`${server.url}/api/admin/login`, { data: { ...OPERATOR, totp: code } });
    if (res.ok()) {
      const { token } = (await res.json()) as { token: string };
      tokens.set(server.url, token);
      return token;
    }
  }
  throw new Error('demo operator sign-in failed');
}

type WheelSlice = Record<string, unknown> & { code: string; weight: number; prizeType: string };
type Wheel = {
  id: number;
  name: string;
  isActive: boolean;
  startsAt: string | null;
  endsAt: string | null;
  slices: WheelSlice[];
};

/** The demo wheel as the back-office sees it, and a way to save it changed (PUT, audited). */
export async function editDemoWheel(
  request: APIRequestContext,
  server: RunningServer,
  change: (wheel: Wheel) => Partial<Wheel>,
): Promise<void> {
  const headers = { Authorization: `Bearer ${await operatorToken(request, server)}` };
  const list = await request.get(`${server.url}/api/admin/spinwheel/wheels`, { headers });
  expect(list.ok()).toBe(true);
  const [wheel] = ((await list.json()) as { wheels: Wheel[] }).wheels;
  if (!wheel) throw new Error('no wheel seeded');
  const next = { ...wheel, ...change(wheel) };
  const res = await request.put(`${server.url}/api/admin/spinwheel/wheels/${wheel.id}`, {
    headers,
    data: {
      name: next.name,
      isActive: next.isActive,
      startsAt: next.startsAt,
      endsAt: next.endsAt,
      slices: next.slices.map(({ percent: _percent, ...slice }) => slice),
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}
