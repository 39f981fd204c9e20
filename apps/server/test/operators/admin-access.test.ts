import { listAdminEndpoints } from '@wallet/contract/admin/admin-api';
import { OPERATOR_ROLES, type OperatorRole } from '@wallet/contract/admin/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, uniqueIp } from '../account/account-helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { adminToken, enrolledOperator } from './operator-helpers.ts';

/**
 * Walks EVERY descriptor of the admin contract (packages/contract/src/admin), so an endpoint added by any module is
 * covered the day it is declared: without a token → 401, with a member's token → 401, with an operator holding none
 * of its roles → 403, and (read-only endpoints) an operator holding one of them gets past the gate.
 */
let t: TestApp;
const tokens = new Map<OperatorRole, string>();
let memberToken: string;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await adminToken(t);
  // one operator per single role
  for (const role of OPERATOR_ROLES) {
    tokens.set(role, (await enrolledOperator(t, admin, `only-${role}`, [role])).token);
  }
  const member = await post(t, '/api/login', { username: '0812345678', password: 'demo-password' });
  memberToken = member.body.token as string;
});
afterAll(() => t.close());

const endpoints = listAdminEndpoints().filter(({ endpoint }) => endpoint.access !== 'public');
/** every `:param` filled with a value any id pattern accepts (the gate runs before params are validated anyway) */
const urlOf = (path: string) => path.replace(/:([A-Za-z]+)/g, 'a1b2c3d4e5f6');

const send = (method: string, url: string, token?: string) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: uniqueIp(),
  });

describe('every admin endpoint checks the caller before anything else', () => {
  it('knows the endpoints it walks (and the only public one is sign-in)', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(12);
    const open = listAdminEndpoints().filter(({ endpoint }) => endpoint.access === 'public');
    // sign-in, and the pages of the one-time enrolment link (docs/decisions/0023-operator-enrolment.md)
    expect(open.map((e) => e.id)).toEqual(['admin.auth.login', 'admin.account.openEnrolment', 'admin.account.enrol']);
  });

  it.each(endpoints.map(({ id, endpoint }) => [id, endpoint] as const))(
    '%s: 401 without a token or with a member token',
    async (_id, endpoint) => {
      for (const token of [undefined, memberToken, 'not-a-jwt']) {
        const res = await send(endpoint.method, urlOf(endpoint.path), token);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'invalid-token' });
      }
    },
  );

  it.each(endpoints.map(({ id, endpoint }) => [id, endpoint] as const))(
    '%s: 403 for every role it does not admit',
    async (_id, endpoint) => {
      const admitted = typeof endpoint.access === 'object' ? endpoint.access.operator : [];
      const refused = admitted.length === 0 ? [] : OPERATOR_ROLES.filter((role) => !admitted.includes(role));
      for (const role of refused) {
        const res = await send(endpoint.method, urlOf(endpoint.path), tokens.get(role));
        expect({ role, status: res.statusCode, body: res.json() }).toEqual({
          role,
          status: 403,
          body: { message: 'FORBIDDEN' },
        });
      }
      // a read by an operator holding an admitted role passes the gate (side-effect-free: GET only)
      if (endpoint.method === 'GET') {
        const role = admitted[0] ?? 'marketing';
        const res = await send('GET', urlOf(endpoint.path), tokens.get(role));
        expect([401, 403]).not.toContain(res.statusCode);
      }
    },
  );
});
