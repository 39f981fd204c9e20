import { CHAT_GUEST_HEADER } from '@wallet/contract/socket-events';
import { members } from '../../src/db/schema/account.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { multipart } from '../helpers/multipart-body.ts';

export type Who = { token?: string; guest?: string };

function headersOf(who: Who): Record<string, string> {
  return {
    ...(who.token ? { authorization: `Bearer ${who.token}` } : {}),
    ...(who.guest ? { [CHAT_GUEST_HEADER]: who.guest } : {}),
  };
}

export async function call(t: TestApp, method: 'GET' | 'POST' | 'PUT', url: string, who: Who, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: headersOf(who),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() as unknown };
}

export async function upload(t: TestApp, url: string, who: Who, data: Buffer, filename: string, type: string) {
  const body = multipart([{ name: 'file', filename, type, data }]);
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...headersOf(who) },
  });
  return { status: res.statusCode, body: res.json() as unknown };
}

let counter = Math.floor(Math.random() * 9_000_000);
/** A member row and a session token (no registration flow: these tests are about chat). */
export async function chatMember(t: TestApp, name = 'CHAT TEST'): Promise<{ id: number; token: string }> {
  counter += 1;
  const suffix = String(1_000_000 + (counter % 8_999_999));
  const [row] = await t.ctx.db
    .insert(members)
    .values({
      username: `089${suffix}`,
      passwordHash: 'x',
      name,
      bankCode: 'KBANK',
      bankAccountName: name,
      bankAccountNo: `66${suffix}9`,
    })
    .returning({ id: members.id });
  return { id: row!.id, token: await t.ctx.sessions.create(row!.id) };
}

export async function guest(t: TestApp): Promise<{ guestId: string; token: string }> {
  const res = await call(t, 'POST', '/api/chat/guest', {}, {});
  if (res.status !== 200) throw new Error(`guest: ${JSON.stringify(res.body)}`);
  return res.body as { guestId: string; token: string };
}

export const text = (payload: string) => ({ sender: 'customer', message: { message_type: 'text', payload } });

/** A minimal well-formed mp4: ftyp (isom), an empty moov, a small mdat. */
export function tinyMp4(): Buffer {
  const box = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(8 + body.length, 0);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, body]);
  };
  const ftyp = box('ftyp', Buffer.concat([Buffer.from('isom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isommp41')]));
  return Buffer.concat([ftyp, box('moov', Buffer.alloc(0)), box('mdat', Buffer.alloc(64, 7))]);
}
