import { describe, expect, it } from 'vitest';
import { grantableRoles, mayGrantRole, patientAccessLevel, ROLE_GRANTS } from './grants.ts';
import { can } from './permissions.ts';
import { PLATFORM_ROLES, ROLES } from './roles.ts';

describe('role grants', () => {
  it('lets nobody but SA and DE grant a role with more patient access than their own', () => {
    for (const granter of ROLES) {
      if (PLATFORM_ROLES.includes(granter)) continue;
      for (const role of ROLE_GRANTS[granter]) {
        expect(patientAccessLevel(role), `${granter} → ${role}`).toBeLessThanOrEqual(patientAccessLevel(granter));
      }
    }
  });

  it('keeps SA, DE and RE for SA and DE', () => {
    for (const granter of ROLES) {
      for (const role of ['SA', 'DE', 'RE'] as const) expect(mayGrantRole(granter, role), `${granter} → ${role}`).toBe(granter === 'SA' || granter === 'DE');
    }
  });

  it('gives grants only to user write roles', () => {
    for (const granter of ROLES) if (ROLE_GRANTS[granter].length) expect(can(granter, 'userWrite'), granter).toBe(true);
  });

  it('keeps RH and AD to roles without patient access', () => {
    expect(grantableRoles('RH')).toEqual(['AD', 'RH', 'US']);
    expect(grantableRoles('AD')).toEqual(['AD', 'RH', 'US']);
    expect(grantableRoles('PA')).toEqual(['PG', 'PR', 'AD', 'RH', 'PT', 'US']);
    expect(mayGrantRole(null, 'US')).toBe(false);
  });
});
