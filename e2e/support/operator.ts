import { expect, type APIRequestContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import type { RunningServer } from './server.ts';

/** The demo operator (DEMO_DATA): every role; its TOTP secret is printed by the server at start. */
const OPERATOR = { username: 'admin', password: 'demo-admin-password' } as const;
const tokens = new Map<string, string>();

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
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secretOf(server)) });
  for (const shift of [0, 30_000, -30_000]) {
    const code = totp.generate({ timestamp: Date.now() + shift });
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
