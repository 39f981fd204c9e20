import { expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { login } from '../account/account-helpers.ts';

// Runs only when REDIS_URL is set (CI's PostgreSQL step sets it): login limits shared across processes.
const WRONG = { status: 401, body: { message: 'WRONG_CREDENTIAL' } };
const LIMITED = { status: 429, body: { message: 'REQUEST_LIMIT' } };

it('counts failures across server processes', async () => {
  const env = { REDIS_URL: process.env.REDIS_URL as string };
  const [a, b] = await Promise.all([createTestApp({ env }), createTestApp({ env })]);
  try {
    // random, so reruns within the Redis TTL do not meet old counters
    const phone = `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const ip = `172.16.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 5; i++) expect(await login(a, phone, 'guess', ip)).toEqual(WRONG);
    for (let i = 0; i < 5; i++) expect(await login(b, phone, 'guess', ip)).toEqual(WRONG);
    expect(await login(a, phone, 'guess', ip)).toEqual(LIMITED);
    expect(await login(b, phone, 'guess', ip)).toEqual(LIMITED);
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
});
