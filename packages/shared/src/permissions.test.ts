import { describe, expect, it } from 'vitest';
import {
  COMPANY_WIDE_ROLES,
  DEFAULT_PERMISSION,
  DEFAULT_ROLE_PERMISSIONS,
  fullPermissionMap,
  hasAnyPermission,
  isPermissionName,
  PERMISSION_GROUPS,
  PERMISSION_NAMES,
  ROLE_NAMES,
  toPermissionMap,
  withDefaultPermission,
} from './permissions';

describe('permission names', () => {
  it('lists the 31 names of 01 §6 in the spec order', () => {
    expect(PERMISSION_NAMES).toHaveLength(31);
    expect(PERMISSION_NAMES[0]).toBe('agent');
    expect(PERMISSION_NAMES[1]).toBe('readChat');
    expect(PERMISSION_NAMES[30]).toBe('whatsappTemplate');
    expect(new Set(PERMISSION_NAMES).size).toBe(31);
  });

  it('recognises known names and rejects others, case-sensitively', () => {
    expect(isPermissionName('readChat')).toBe(true);
    expect(isPermissionName('readchat')).toBe(false);
    expect(isPermissionName('')).toBe(false);
    expect(isPermissionName('toString')).toBe(false);
  });
});

describe('toPermissionMap', () => {
  it('turns names into a name-to-true map and drops unknown names', () => {
    expect(toPermissionMap(['readChat', 'campaigns', 'flyPlanes'])).toEqual({
      readChat: true,
      campaigns: true,
    });
  });

  it('gives an empty map for no names', () => {
    expect(toPermissionMap([])).toEqual({});
  });
});

describe('fullPermissionMap', () => {
  it('names every permission of 01 §6 with true when granted and false otherwise', () => {
    const map = fullPermissionMap(toPermissionMap(['readChat', 'campaigns']));
    expect(Object.keys(map).sort()).toEqual([...PERMISSION_NAMES].sort());
    expect(map.readChat).toBe(true);
    expect(map.campaigns).toBe(true);
    expect(map.writeUsers).toBe(false);
    expect(Object.values(map).filter(Boolean)).toHaveLength(2);
  });
});

describe('hasAnyPermission', () => {
  const perms = toPermissionMap(['readQuickAnswers']);

  it('passes when any one of the required permissions is held', () => {
    expect(hasAnyPermission(perms, ['agent', 'readQuickAnswers'])).toBe(true);
  });

  it('fails when none is held', () => {
    expect(hasAnyPermission(perms, ['agent', 'writeQuickAnswers'])).toBe(false);
  });

  it('passes when nothing is required', () => {
    expect(hasAnyPermission({}, [])).toBe(true);
  });
});

describe('withDefaultPermission', () => {
  it('adds readChat and keeps the canonical order', () => {
    expect(withDefaultPermission(['campaigns', 'agent'])).toEqual(['agent', 'readChat', 'campaigns']);
  });

  it('does not duplicate readChat or other names', () => {
    expect(withDefaultPermission(['readChat', 'agent', 'agent'])).toEqual(['agent', 'readChat']);
  });

  it('gives readChat alone for an empty list', () => {
    expect(withDefaultPermission([])).toEqual([DEFAULT_PERMISSION]);
  });
});

describe('default roles', () => {
  it('includes readChat in every role', () => {
    for (const role of Object.values(ROLE_NAMES)) {
      expect(DEFAULT_ROLE_PERMISSIONS[role]).toContain('readChat');
    }
  });

  it('gives admin and superadmin every permission', () => {
    expect([...DEFAULT_ROLE_PERMISSIONS.admin]).toEqual([...PERMISSION_NAMES]);
    expect([...DEFAULT_ROLE_PERMISSIONS.superadmin]).toEqual([...PERMISSION_NAMES]);
  });

  it('keeps user management and payments away from group admins and agents', () => {
    for (const role of [ROLE_NAMES.groupadmin, ROLE_NAMES.agente]) {
      expect(DEFAULT_ROLE_PERMISSIONS[role]).not.toContain('writeUsers');
      expect(DEFAULT_ROLE_PERMISSIONS[role]).not.toContain('writePayments');
    }
    expect(DEFAULT_ROLE_PERMISSIONS.agente).not.toContain('readUsers');
    expect(DEFAULT_ROLE_PERMISSIONS.groupadmin).toContain('reasignConversations');
  });

  it('lists only real permission names, without duplicates', () => {
    for (const names of Object.values(DEFAULT_ROLE_PERMISSIONS)) {
      expect(names.every(isPermissionName)).toBe(true);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('sends company-wide events to admin, superadmin and groupadmin only', () => {
    expect([...COMPANY_WIDE_ROLES].sort()).toEqual(['admin', 'groupadmin', 'superadmin']);
  });
});

describe('PERMISSION_GROUPS', () => {
  it('labels every permission exactly once', () => {
    const labelled = PERMISSION_GROUPS.flatMap((g) => g.permissions.map(([name]) => name));
    expect([...labelled].sort()).toEqual([...PERMISSION_NAMES].sort());
  });
});
