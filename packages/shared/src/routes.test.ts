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

  it('keeps every fixed segment in front of a wildcard', () => {
    expect(matchRoute('/link-whatsapp/whatsappLink/*', '/link-whatsapp/whatsappLink/paso/2')).toBe(true);
    expect(matchRoute('/link-whatsapp/whatsappLink/*', '/link-whatsapp/profile')).toBe(false);
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

// 01 §2.3 and 02 §2, row by row: a real path of each guarded route, the permissions that open it, and the title the
// browser tab shows. Each row is checked both ways: every permission of the row opens it on its own, and a user with
// every other permission is refused.
const CHAT_PERMS = ['readChat', 'agent'];
const MULTIMEDIA_PERMS = ['agent', 'readMultimedia', 'writeMultimedia'];
const CONFIG_PERMS = [
  'readCompany',
  'writeCompany',
  'readPayments',
  'writePayments',
  'readTags',
  'writeTags',
  'readRols',
  'writeRols',
  'readDataSheetConfiguration',
  'writeDataSheetConfiguration',
];
const ANALYTICS_PERMS = ['readCompany', 'writeCompany', 'readAnalytics'];
const GUARD_ROWS: ReadonlyArray<
  readonly [path: string, pattern: string, permissions: string[], title?: string]
> = [
  ['/chat', '/chat', CHAT_PERMS],
  ['/chat/42', '/chat/:chatId', CHAT_PERMS],
  ['/boards', '/boards', CHAT_PERMS],
  ['/boards/3', '/boards/:id', CHAT_PERMS],
  ['/board', '/board', CHAT_PERMS],
  ['/contacts', '/contacts', CHAT_PERMS, 'Contactos'],
  ['/bot', '/bot', ['writeUsers'], 'Bot'],
  ['/broadcast', '/broadcast', ['writeUsers']],
  ['/broadcast/table', '/broadcast/table', ['campaigns'], 'Campañas'],
  ['/broadcast/preview', '/broadcast/:currentStep', ['writeUsers']],
  ['/users', '/users', ['readUsers', 'writeUsers'], 'Equipo'],
  ['/users/new', '/users/new', ['writeUsers'], 'Equipo'],
  ['/spaces', '/spaces', ['readSpaces', 'writeSpaces'], 'Canales'],
  ['/spaces/new', '/spaces/new', ['writeSpaces'], 'Canales'],
  ['/spaces/new-whatsapp', '/spaces/new-whatsapp', ['writeSpaces'], 'Canales'],
  ['/simulador', '/simulador', ['writeSpaces'], 'Simulador de clientes'],
  ['/link-whatsapp/profile', '/link-whatsapp/*', ['writeSpaces']],
  ['/config', '/config', CONFIG_PERMS, 'Configuración'],
  ['/config/new-tag', '/config/new-tag', ['writeTags'], 'Configuración'],
  ['/config/new-rol', '/config/new-rol', ['writeRols'], 'Configuración'],
  ['/config/new-datasheet', '/config/new-datasheet', ['writeDataSheetConfiguration'], 'Configuración'],
  ['/config/new-whatsapp-template', '/config/new-whatsapp-template', ['whatsappTemplate'], 'Configuración'],
  ['/config/new-whatsappTemplate', '/config/new-whatsappTemplate', ['whatsappTemplate'], 'Configuración'],
  ['/config/edit-plan', '/config/edit-plan', ['writePayments'], 'Configuración'],
  ['/config/edit-card', '/config/edit-card', ['writePayments'], 'Configuración'],
  ['/config/payment', '/config/payment', ['writePayments'], 'Configuración'],
  ['/config/album', '/config/album', CONFIG_PERMS, 'Configuración'],
  ['/multimedia/4', '/multimedia/*', MULTIMEDIA_PERMS, 'Multimedia'],
  ['/album/2', '/album/*', MULTIMEDIA_PERMS, 'Multimedia'],
  ['/subAlbum/2/3', '/subAlbum/*', MULTIMEDIA_PERMS, 'Multimedia'],
  [
    '/quickAnswers',
    '/quickAnswers',
    ['agent', 'readQuickAnswers', 'writeQuickAnswers'],
    'Respuestas rápidas',
  ],
  ['/quickAnswers/new', '/quickAnswers/new', ['agent', 'writeQuickAnswers'], 'Respuestas rápidas'],
  ['/account', '/account', ['readCompany', 'writeCompany', 'readPayments', 'writePayments'], 'Mi cuenta'],
  ['/help', '/help', ['readCompany', 'writeCompany']],
  ['/panel', '/panel', ['readCompany']],
  ['/analytics', '/analytics', ANALYTICS_PERMS],
  ['/analytics/agents', '/analytics/agents', [...ANALYTICS_PERMS, 'agent', 'readUsers', 'writeUsers']],
];
const GUARD_CASES = GUARD_ROWS.map(([path, pattern, permissions, title]) => ({
  path,
  pattern,
  permissions,
  title,
}));

describe('route guard table, row by row (01 §2.3, 02 §2)', () => {
  it('has a row here for every guarded route', () => {
    expect(GUARD_ROWS.map(([, pattern]) => pattern)).toEqual(ROUTE_GUARDS.map((guard) => guard.path));
  });

  it.each(GUARD_CASES)(
    '$path is guarded by $pattern with its permissions and title',
    ({ path, pattern, permissions, title }) => {
      const guard = findRouteGuard(path);
      expect(guard).toEqual(
        title === undefined ? { path: pattern, permissions } : { path: pattern, permissions, title },
      );
    },
  );

  it.each(GUARD_CASES)('$path opens with each of its permissions alone', ({ path, permissions }) => {
    for (const name of permissions) expect(canAccessRoute(path, toPermissionMap([name])), name).toBe(true);
  });

  it.each(GUARD_CASES)(
    '$path stays closed to a user with every other permission',
    ({ path, permissions }) => {
      const others = PERMISSION_NAMES.filter((name) => !permissions.includes(name));
      expect(canAccessRoute(path, toPermissionMap(others))).toBe(false);
      expect(canAccessRoute(path, {})).toBe(false);
    },
  );
});

describe('public routes, row by row (01 §2.1)', () => {
  const PUBLIC_PATHS: ReadonlyArray<readonly [pattern: string, path: string]> = [
    ['/', '/'],
    ['/login', '/login'],
    ['/recoverPassword', '/recoverPassword'],
    ['/changePassword', '/changePassword?token=abc'],
    ['/onboarding/step/:currentStep', '/onboarding/step/email'],
    ['/select-plan', '/select-plan'],
    ['/payment', '/payment'],
    ['/phone-selection', '/phone-selection'],
    ['/qr-code', '/qr-code'],
    ['/two-factor', '/two-factor'],
    ['/link-whatsapp', '/link-whatsapp'],
    ['/link-whatsapp/whatsappLink/instructions', '/link-whatsapp/whatsappLink/instructions'],
    ['/link-whatsapp/profile', '/link-whatsapp/profile'],
    ['/link-whatsapp/qrcode-instructions', '/link-whatsapp/qrcode-instructions'],
    ['/link-whatsapp/qrcode', '/link-whatsapp/qrcode'],
    ['/success-link', '/success-link'],
    ['/integrations/calendly_auth', '/integrations/calendly_auth?code=1'],
    ['/forbidden', '/forbidden'],
    ['/maintenance', '/maintenance'],
    ['/ref', '/ref'],
  ];

  it('lists exactly the public routes of 01 §2.1', () => {
    expect(PUBLIC_ROUTES).toEqual(PUBLIC_PATHS.map(([pattern]) => pattern));
  });

  it.each(PUBLIC_PATHS)('%s is public (as %s)', (_pattern, path) => {
    expect(isPublicRoute(path)).toBe(true);
  });

  // The WhatsApp linking pages are public but take writeSpaces once signed in (the guard row above).
  it('lets a visitor without permissions reach the other public pages', () => {
    for (const [, path] of PUBLIC_PATHS.filter(([pattern]) => !pattern.startsWith('/link-whatsapp'))) {
      expect(canAccessRoute(path, {}), path).toBe(true);
    }
  });

  it('keeps a one-segment unknown path and a deeper onboarding path private', () => {
    expect(isPublicRoute('/ABC123')).toBe(false);
    expect(isPublicRoute('/onboarding/step')).toBe(false);
    expect(isPublicRoute('/onboarding/step/email/extra')).toBe(false);
    expect(isPublicRoute('/login/extra')).toBe(false);
  });
});

describe('navigation entries, row by row (01 §2.2)', () => {
  const NAV_ROWS: ReadonlyArray<
    readonly [key: string, label: string, path: string, routes: string[], perms: string[]]
  > = [
    ['chat', 'Chat', '/chat', ['/chat', '/chat/:chatId'], CHAT_PERMS],
    ['boards', 'Tableros', '/boards', ['/boards', '/boards/:id', '/board'], CHAT_PERMS],
    ['contacts', 'Contactos', '/contacts', ['/contacts'], ['agent']],
    [
      'multimedia',
      'Multimedia',
      '/multimedia',
      ['/multimedia/*', '/album/*', '/subAlbum/*'],
      ['readMultimedia', 'writeMultimedia'],
    ],
    [
      'quickAnswers',
      'Respuestas',
      '/quickAnswers',
      ['/quickAnswers', '/quickAnswers/new'],
      ['readQuickAnswers', 'writeQuickAnswers'],
    ],
    ['users', 'Equipo', '/users', ['/users', '/users/new'], ['readUsers', 'writeUsers']],
    ['bot', 'Bot', '/bot', ['/bot'], ['readBot', 'writeBot']],
    ['campaigns', 'Campañas', '/broadcast/table', ['/broadcast/table'], ['campaigns']],
    ['analytics', 'Estadísticas', '/analytics', ['/analytics'], ['readAnalytics']],
    ['spaces', 'Canales', '/spaces', ['/spaces', '/spaces/new'], ['readSpaces', 'writeSpaces']],
    [
      'config',
      'Configuración',
      '/config',
      [
        '/config',
        '/config/new-tag',
        '/config/new-rol',
        '/config/new-datasheet',
        '/config/edit-plan',
        '/config/edit-card',
        '/config/album',
      ],
      CONFIG_PERMS,
    ],
    [
      'account',
      'Cuenta',
      '/account',
      ['/account'],
      ['readCompany', 'writeCompany', 'readPayments', 'writePayments'],
    ],
    ['help', 'Ayuda', '/help', ['/help'], ['readCompany', 'writeCompany']],
  ];
  const show = (names: readonly string[], roleName = 'admin') =>
    visibleNavItems({ permissions: toPermissionMap(names), roleName, isBoardsActive: true }).map(
      (item) => item.key,
    );

  it('has each entry with its label, path, routes and permissions', () => {
    expect(
      NAV_ITEMS.map(({ key, label, path, routes, permissions }) => [key, label, path, routes, permissions]),
    ).toEqual(NAV_ROWS);
    expect(NAV_ITEMS.filter((item) => item.requiresBoards).map((item) => item.key)).toEqual(['boards']);
    expect(
      NAV_ITEMS.filter((item) => item.hiddenForRoles).map((item) => [item.key, item.hiddenForRoles]),
    ).toEqual([['users', ['groupadmin']]]);
  });

  it.each(NAV_ROWS)(
    '%s shows with each of its permissions alone and hides without them',
    (key, _l, _p, _r, perms) => {
      for (const name of perms) expect(show([name]), name).toContain(key);
      expect(show(PERMISSION_NAMES.filter((name) => !perms.includes(name)))).not.toContain(key);
    },
  );

  it.each(NAV_ROWS)('%s is highlighted on each of its routes', (key, _l, _p, routes) => {
    for (const pattern of routes) {
      const path = pattern.replace(/:\w+/g, '7').replace(/\*$/, '7/8');
      expect(activeNavItem(path)?.key, path).toBe(key);
    }
  });

  it('hides Equipo only from group admins', () => {
    expect(show(['readUsers'], 'groupadmin')).toEqual([]);
    expect(show(['readUsers'], 'agente')).toEqual(['users']);
  });
});
