import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { InMemoryOutbox, sandboxSms } from './sandbox-sms.ts';

async function gateway(outbox = new InMemoryOutbox()) {
  const app = Fastify();
  await app.register((scope) => sandboxSms(scope, { outbox }), { prefix: '/sandbox/sms' });
  return app;
}

describe('sandbox SMS gateway', () => {
  it('keeps sent messages per phone, newest last', async () => {
    const app = await gateway();
    for (const [phone, text] of [
      ['0811111111', 'a'],
      ['0822222222', 'b'],
      ['0811111111', 'c'],
    ]) {
      const res = await app.inject({ method: 'POST', url: '/sandbox/sms/send', payload: { phone, text } });
      expect(res.json()).toEqual({ message: 'OK' });
    }
    const mine = await app.inject({ method: 'GET', url: '/sandbox/sms/outbox?phone=0811111111' });
    expect(mine.json().map((m: { text: string }) => m.text)).toEqual(['a', 'c']);
    expect(mine.json()[0]).toEqual({
      phone: '0811111111',
      text: 'a',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // never every phone's codes at once
    const all = await app.inject({ method: 'GET', url: '/sandbox/sms/outbox' });
    expect(all.statusCode).toBe(400);
    expect(all.json()).toEqual({ message: 'KEY_INVALID' });
  });

  it('answers 400 KEY_INVALID for a malformed message', async () => {
    const app = await gateway();
    for (const payload of [{}, { phone: '081' }, { phone: '', text: 'x' }, { phone: '081', text: 5 }]) {
      const res = await app.inject({ method: 'POST', url: '/sandbox/sms/send', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'KEY_INVALID' });
    }
  });

  it('drops the oldest messages past its capacity', () => {
    const outbox = new InMemoryOutbox(2);
    outbox.add('1', 'a');
    outbox.add('1', 'b');
    outbox.add('1', 'c');
    expect(outbox.list().map((m) => m.text)).toEqual(['b', 'c']);
  });
});
