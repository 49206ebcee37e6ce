import { describe, expect, it } from 'vitest';
import { PERMISSION_NAMES, toPermissionMap } from './permissions';
import {
  activeNavItem,
  canAccessRoute,
  findRouteGuard,
  isPublicRoute,
  matchRoute,
  NAV_ITEMS,
  PUBLIC_ROUTES,
  ROUTE_GUARDS,
  visibleNavItems,
} from './routes';

describe('matchRoute', () => {
  it('matches static paths exactly', () => {
    expect(matchRoute('/chat', '/chat')).toBe(true);
    expect(matchRoute('/chat', '/chats')).toBe(false);
    expect(matchRoute('/chat', '/chat/12')).toBe(false);
  });

  it('ignores the query string, hash and a trailing slash', () => {
    expect(matchRoute('/contacts', '/contacts/?page=2#top')).toBe(true);
  });

  it('matches a required param as one non-empty segment', () => {
    expect(matchRoute('/chat/:chatId', '/chat/42')).toBe(true);
    expect(matchRoute('/chat/:chatId', '/chat')).toBe(false);
    expect(matchRoute('/chat/:chatId', '/chat/42/x')).toBe(false);
  });

  it('matches an optional param present or absent', () => {
    expect(matchRoute('/chat/:chatId?', '/chat')).toBe(true);
    expect(matchRoute('/chat/:chatId?', '/chat/7')).toBe(true);
    expect(matchRoute('/chat/:chatId?', '/chat/7/8')).toBe(false);
  });

  it('lets a trailing wildcard take zero or more segments', () => {
    expect(matchRoute('/album/*', '/album')).toBe(true);
    expect(matchRoute('/album/*', '/album/3/photos')).toBe(true);
    expect(matchRoute('/album/*', '/albums')).toBe(false);
  });

  it('matches the root', () => {
    expect(matchRoute('/', '/')).toBe(true);
    expect(matchRoute('/', '')).toBe(true);
    expect(matchRoute('/', '/login')).toBe(false);
  });
});

describe('findRouteGuard', () => {
  it('prefers the static /broadcast/table over /broadcast/:currentStep', () => {
    expect(findRouteGuard('/broadcast/table')?.permissions).toEqual(['campaigns']);
    expect(findRouteGuard('/broadcast/tags')?.permissions).toEqual(['writeUsers']);
  });

  it('finds param, wildcard and exact guards', () => {
    expect(findRouteGuard('/chat/99')?.path).toBe('/chat/:chatId');
    expect(findRouteGuard('/subAlbum/4')?.title).toBe('Multimedia');
    expect(findRouteGuard('/account')?.title).toBe('Mi cuenta');
    expect(findRouteGuard('/contacts')?.title).toBe('Contactos');
  });

  it('returns undefined for unknown and public paths', () => {
    expect(findRouteGuard('/nowhere')).toBeUndefined();
    expect(findRouteGuard('/login')).toBeUndefined();
  });

  it('gives chat, boards, broadcast steps and analytics no title', () => {
    for (const path of ['/chat', '/boards/1', '/broadcast/preview', '/analytics']) {
      expect(findRouteGuard(path)?.title).toBeUndefined();
    }
  });

  it('only uses real permission names', () => {
    for (const guard of ROUTE_GUARDS) {
      expect(guard.permissions.length).toBeGreaterThan(0);
      for (const p of guard.permissions) expect(PERMISSION_NAMES).toContain(p);
    }
  });
});

describe('canAccessRoute', () => {
  const agent = toPermissionMap(['agent', 'readChat']);

  it('lets an agent into chat, contacts, quick answers and multimedia', () => {
    expect(canAccessRoute('/chat', agent)).toBe(true);
    expect(canAccessRoute('/chat/5', agent)).toBe(true);
    expect(canAccessRoute('/contacts', agent)).toBe(true);
    expect(canAccessRoute('/quickAnswers/new', agent)).toBe(true);
    expect(canAccessRoute('/multimedia', agent)).toBe(true);
  });

  it('keeps an agent out of guarded admin screens', () => {
    expect(canAccessRoute('/users', agent)).toBe(false);
    expect(canAccessRoute('/config/new-tag', agent)).toBe(false);
    expect(canAccessRoute('/broadcast/table', agent)).toBe(false);
    expect(canAccessRoute('/bot', agent)).toBe(false);
  });

  it('needs writeUsers for /bot and the broadcast wizard (01 §2.3)', () => {
    const writer = toPermissionMap(['writeUsers']);
    expect(canAccessRoute('/bot', writer)).toBe(true);
    expect(canAccessRoute('/broadcast/selectTemplate', writer)).toBe(true);
    expect(canAccessRoute('/bot', toPermissionMap(['readBot', 'writeBot']))).toBe(false);
  });

  it('opens /account with company or payment permissions', () => {
    expect(canAccessRoute('/account', toPermissionMap(['readPayments']))).toBe(true);
    expect(canAccessRoute('/account', toPermissionMap(['readCompany']))).toBe(true);
    expect(canAccessRoute('/help', toPermissionMap(['readPayments']))).toBe(false);
  });

  it('opens /analytics/agents with agent, readUsers or writeUsers as well', () => {
    expect(canAccessRoute('/analytics', toPermissionMap(['agent']))).toBe(false);
    expect(canAccessRoute('/analytics/agents', toPermissionMap(['agent']))).toBe(true);
  });

  it('treats both template-creation spellings alike', () => {
    const perms = toPermissionMap(['whatsappTemplate']);
    expect(canAccessRoute('/config/new-whatsapp-template', perms)).toBe(true);
    expect(canAccessRoute('/config/new-whatsappTemplate', perms)).toBe(true);
  });

  it('lets anyone reach public routes and nobody reach unknown ones', () => {
    expect(canAccessRoute('/login', {})).toBe(true);
    expect(canAccessRoute('/onboarding/step/phone', {})).toBe(true);
    expect(canAccessRoute('/nowhere', toPermissionMap([...PERMISSION_NAMES]))).toBe(false);
  });

  it('needs writeSpaces on the WhatsApp linking pages once signed in', () => {
    expect(canAccessRoute('/link-whatsapp/profile', toPermissionMap(['writeSpaces']))).toBe(true);
    expect(canAccessRoute('/link-whatsapp', agent)).toBe(false);
  });
});

describe('public routes', () => {
  it('lists the 01 §2.1 routes without the /{refCode} catch-all', () => {
    expect(PUBLIC_ROUTES).toContain('/integrations/calendly_auth');
    expect(PUBLIC_ROUTES).not.toContain('/:refCode');
    expect(isPublicRoute('/ref')).toBe(true);
    expect(isPublicRoute('/link-whatsapp/qrcode-instructions')).toBe(true);
    expect(isPublicRoute('/chat')).toBe(false);
  });
});

describe('navigation', () => {
  it('has the 13 entries of 01 §2.2 in order with their Spanish labels', () => {
    expect(NAV_ITEMS.map((item) => item.label)).toEqual([
      'Chat',
      'Tableros',
      'Contactos',
      'Multimedia',
      'Respuestas',
      'Equipo',
      'Bot',
      'Campañas',
      'Estadísticas',
      'Canales',
      'Configuración',
      'Cuenta',
      'Ayuda',
    ]);
    expect(NAV_ITEMS.find((i) => i.label === 'Campañas')?.path).toBe('/broadcast/table');
  });

  it('shows an agent only Chat and Contactos', () => {
    const items = visibleNavItems({
      permissions: toPermissionMap(['agent', 'readChat']),
      roleName: 'agente',
      isBoardsActive: false,
    });
    expect(items.map((i) => i.label)).toEqual(['Chat', 'Contactos']);
  });

  it('shows Tableros only when the company has boards', () => {
    const perms = toPermissionMap(['readChat']);
    expect(
      visibleNavItems({ permissions: perms, roleName: 'x', isBoardsActive: true }).map((i) => i.key),
    ).toEqual(['chat', 'boards']);
  });

  it('hides Equipo from group admins even with readUsers', () => {
    const perms = toPermissionMap(['readUsers']);
    expect(visibleNavItems({ permissions: perms, roleName: 'groupadmin', isBoardsActive: false })).toEqual(
      [],
    );
    expect(visibleNavItems({ permissions: perms, roleName: 'admin', isBoardsActive: false })[0]?.label).toBe(
      'Equipo',
    );
  });

  it('shows everything to a superadmin of a company with boards', () => {
    const items = visibleNavItems({
      permissions: toPermissionMap([...PERMISSION_NAMES]),
      roleName: 'superadmin',
      isBoardsActive: true,
    });
    expect(items).toHaveLength(13);
  });

  it('shows nothing without permissions', () => {
    expect(visibleNavItems({ permissions: {}, roleName: 'admin', isBoardsActive: true })).toEqual([]);
  });

  it('highlights the entry of the current route', () => {
    expect(activeNavItem('/chat/3')?.key).toBe('chat');
    expect(activeNavItem('/config/edit-card')?.key).toBe('config');
    expect(activeNavItem('/album/1/2')?.key).toBe('multimedia');
    expect(activeNavItem('/login')).toBeUndefined();
  });
});
