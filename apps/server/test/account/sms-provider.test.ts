import { InMemoryOutbox, sandboxSms } from '@wallet/sandbox/sms/sandbox-sms';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountModule } from '../../src/modules/account/account.routes.ts';
import { demoModule } from '../../src/bootstrap/demo.ts';
import { contentModule } from '../../src/modules/content/content.module.ts';
import { sandboxModule } from '../../src/bootstrap/sandbox.ts';
import { HttpSmsProvider, type SmsProvider } from '../../src/providers/sms/sms-provider.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { outbox, sendOtp, uniquePhone } from './account-helpers.ts';

describe('HttpSmsProvider against the sandbox gateway over HTTP', () => {
  let gateway: FastifyInstance;
  let baseUrl: string;
  const box = new InMemoryOutbox();

  beforeAll(async () => {
    gateway = Fastify();
    await gateway.register((app) => sandboxSms(app, { outbox: box }), { prefix: '/sandbox/sms' });
    const address = await gateway.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `${address}/sandbox/sms`;
  });
  afterAll(() => gateway.close());

  it('delivers into the outbox, readable by phone, newest last', async () => {
    const sms = new HttpSmsProvider(baseUrl);
    await sms.send('0811111111', 'first');
    await sms.send('0822222222', 'other');
    await sms.send('0811111111', 'second');
    const res = await fetch(`${baseUrl}/outbox?phone=0811111111`);
    expect(await res.json()).toEqual([
      { phone: '0811111111', text: 'first', createdAt: expect.any(String) },
      { phone: '0811111111', text: 'second', createdAt: expect.any(String) },
    ]);
  });

  it('rejects when the gateway refuses the message', async () => {
    await expect(new HttpSmsProvider(baseUrl).send('', '')).rejects.toThrow(/400/);
    await expect(
      new HttpSmsProvider('http://127.0.0.1:9/none', { timeoutMs: 2000 }).send('0811111111', 'x'),
    ).rejects.toThrow();
  });
});

describe('OTP send with a failing SMS gateway', () => {
  it('answers OTP_SEND_FAIL and does not count the attempt', async () => {
    let isDown = true;
    const sent: string[] = [];
    const flaky: SmsProvider = {
      send: async (_phone, text) => {
        if (isDown) throw new Error('gateway down');
        sent.push(text);
      },
    };
    const t = await createTestApp({
      modules: [contentModule, createAccountModule({ sms: flaky }), demoModule, sandboxModule],
    });
    try {
      const phone = uniquePhone();
      expect((await sendOtp(t, phone)).body).toEqual({ message: 'OTP_SEND_FAIL' });
      isDown = false;
      // no 60-second wait after a failed send
      expect((await sendOtp(t, phone)).body.code).toBe('OTP_SENT');
      expect(sent).toHaveLength(1);
      // the injected provider replaced the sandbox outbox
      expect(await outbox(t, phone)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('sandbox mounting', () => {
  it('mounts /sandbox/sms only when PROVIDERS=sandbox', async () => {
    const t = await createTestApp({ env: { PROVIDERS: 'live' } });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/sandbox/sms/outbox' })).statusCode).toBe(404);
      // without a gateway, sending an OTP fails cleanly
      expect((await sendOtp(t, uniquePhone())).body).toEqual({ message: 'OTP_SEND_FAIL' });
    } finally {
      await t.close();
    }
  });
});
