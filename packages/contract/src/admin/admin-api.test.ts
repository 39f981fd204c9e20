import { describe, expect, it } from 'vitest';
import { listEndpoints } from '../api.ts';
import { renderClientApi } from '../client-api-source.ts';
import { listAdminEndpoints } from './admin-api.ts';
import { OPERATOR_ROLES } from './roles.ts';

describe('the admin API, apart from the player API', () => {
  it('lives under /api/admin, every endpoint but sign-in for operators with known roles', () => {
    for (const { id, endpoint } of listAdminEndpoints()) {
      expect(endpoint.path, id).toMatch(/^\/api\/admin\//);
      // sign-in, and the one-time enrolment link's pages (docs/decisions/0023-operator-enrolment.md)
      if (['admin.auth.login', 'admin.account.openEnrolment', 'admin.account.enrol'].includes(id)) {
        expect(endpoint.access).toBe('public');
        continue;
      }
      expect(typeof endpoint.access, id).toBe('object');
      const roles = typeof endpoint.access === 'object' ? endpoint.access.operator : [];
      for (const role of roles) expect(OPERATOR_ROLES).toContain(role);
    }
  });

  it('shares no route with the player API, and the player API names no admin route or operator access', () => {
    const routes = [...listEndpoints(), ...listAdminEndpoints()].map((e) => `${e.endpoint.method} ${e.endpoint.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    for (const { id, endpoint } of listEndpoints()) {
      expect(endpoint.path, id).not.toMatch(/^\/api\/admin/);
      expect(['public', 'member'], id).toContain(endpoint.access);
    }
    expect(renderClientApi()).not.toContain('/api/admin');
  });
});
