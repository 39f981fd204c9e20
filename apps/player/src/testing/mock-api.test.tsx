import { describe, expect, it } from 'vitest';
import { contractViolation, mockApi } from './mock-api.tsx';

describe('mockApi (mocks built from the contract)', () => {
  it('accepts an answer that fits the endpoint response schema, path parameters included', () => {
    const body = { status: 'SUCCESS', message: 'SUCCESS', transferId: 't1' };
    expect(contractViolation('POST', '/api/wallet/transfer', { body })).toBeUndefined();
    expect(contractViolation('GET', '/api/autoLogin/pg/agt_demo01', { body: { link: 'https://x' } })).toBeUndefined();
    expect(contractViolation('POST', '/api/wallet/transfer', { status: 400, body: { message: 'X' } })).toBeUndefined();
  });

  it('reports a body that breaks the schema, an error without message and an unknown route', () => {
    expect(contractViolation('GET', '/api/autoLogin/pg/u1', { body: { url: 'https://x' } })).toMatch(
      /^GET \/api\/autoLogin\/pg\/u1 \(wallet\.autoLogin, 200\): link /,
    );
    expect(contractViolation('POST', '/api/wallet/transfer', { status: 400, body: { code: 'X' } })).toMatch(/message/);
    expect(contractViolation('GET', '/api/nothing', { body: {} })).toMatch(/no such endpoint/);
  });

  it('refuses to mock a route the contract does not have', () => {
    expect(() => mockApi({ 'GET /api/wallet/nope': () => ({ body: {} }) })).toThrow(/not an endpoint of the contract/);
  });
});
