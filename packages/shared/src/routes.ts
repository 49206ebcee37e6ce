import { hasAnyPermission, type PermissionMap, type PermissionName } from './permissions';

export interface RouteGuard {
  path: string;
  permissions: readonly PermissionName[];
  title?: string;
}

// 01 §2.3: "read or write of company, payments, tags, roles or datasheet configuration".
export const CONFIG_PERMISSIONS: readonly PermissionName[] = [
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

const CHAT: readonly PermissionName[] = ['readChat', 'agent'];
const MULTIMEDIA: readonly PermissionName[] = ['agent', 'readMultimedia', 'writeMultimedia'];
const COMPANY: readonly PermissionName[] = ['readCompany', 'writeCompany'];
const PAYMENTS: readonly PermissionName[] = ['readPayments', 'writePayments'];
const ANALYTICS: readonly PermissionName[] = ['readCompany', 'writeCompany', 'readAnalytics'];

// 01 §2.2, §2.3 and 02 §2: every authenticated route with the permissions that open it.
export const SIMULATOR_ROUTE = '/simulador';

export const ROUTE_GUARDS: readonly RouteGuard[] = [
  { path: '/chat', permissions: CHAT },
  { path: '/chat/:chatId', permissions: CHAT },
  { path: '/boards', permissions: CHAT },
  { path: '/boards/:id', permissions: CHAT },
  { path: '/board', permissions: CHAT },
  { path: '/contacts', permissions: CHAT, title: 'Contactos' },
  // 02 §2: /bot needs writeUsers per the guard table, although the nav entry shows for readBot or writeBot.
  { path: '/bot', permissions: ['writeUsers'], title: 'Bot' },
  { path: '/broadcast', permissions: ['writeUsers'] },
  { path: '/broadcast/table', permissions: ['campaigns'], title: 'Campañas' },
  { path: '/broadcast/:currentStep', permissions: ['writeUsers'] },
  { path: '/users', permissions: ['readUsers', 'writeUsers'], title: 'Equipo' },
  { path: '/users/new', permissions: ['writeUsers'], title: 'Equipo' },
  { path: '/spaces', permissions: ['readSpaces', 'writeSpaces'], title: 'Canales' },
  { path: '/spaces/new', permissions: ['writeSpaces'], title: 'Canales' },
  { path: '/spaces/new-whatsapp', permissions: ['writeSpaces'], title: 'Canales' },
  // Issue 3: the sandbox customer simulator, for whoever manages channels (as the API's /sandbox routes).
  { path: SIMULATOR_ROUTE, permissions: ['writeSpaces'], title: 'Simulador de clientes' },
  // 01 §2.3: linking WhatsApp needs writeSpaces once signed in, although 01 §2.1 lists the pages as public.
  { path: '/link-whatsapp/*', permissions: ['writeSpaces'] },
  { path: '/config', permissions: CONFIG_PERMISSIONS, title: 'Configuración' },
  { path: '/config/new-tag', permissions: ['writeTags'], title: 'Configuración' },
  { path: '/config/new-rol', permissions: ['writeRols'], title: 'Configuración' },
  { path: '/config/new-datasheet', permissions: ['writeDataSheetConfiguration'], title: 'Configuración' },
  // 01 §2.2: the template route is written two ways in the product.
  { path: '/config/new-whatsapp-template', permissions: ['whatsappTemplate'], title: 'Configuración' },
  { path: '/config/new-whatsappTemplate', permissions: ['whatsappTemplate'], title: 'Configuración' },
  { path: '/config/edit-plan', permissions: ['writePayments'], title: 'Configuración' },
  { path: '/config/edit-card', permissions: ['writePayments'], title: 'Configuración' },
  { path: '/config/payment', permissions: ['writePayments'], title: 'Configuración' },
  // /config/album has no row in 01 §2.3; it is reached from the Configuración entry, so it takes that guard.
  { path: '/config/album', permissions: CONFIG_PERMISSIONS, title: 'Configuración' },
  { path: '/multimedia/*', permissions: MULTIMEDIA, title: 'Multimedia' },
  { path: '/album/*', permissions: MULTIMEDIA, title: 'Multimedia' },
  { path: '/subAlbum/*', permissions: MULTIMEDIA, title: 'Multimedia' },
  {
    path: '/quickAnswers',
    permissions: ['agent', 'readQuickAnswers', 'writeQuickAnswers'],
    title: 'Respuestas rápidas',
  },
  { path: '/quickAnswers/new', permissions: ['agent', 'writeQuickAnswers'], title: 'Respuestas rápidas' },
  // 01 §2.1: /account is both "account" (company) and "update subscription" (payments): either set opens it.
  { path: '/account', permissions: [...COMPANY, ...PAYMENTS], title: 'Mi cuenta' },
  { path: '/help', permissions: COMPANY },
  { path: '/panel', permissions: ['readCompany'] },
  { path: '/analytics', permissions: ANALYTICS },
  { path: '/analytics/agents', permissions: [...ANALYTICS, 'agent', 'readUsers', 'writeUsers'] },
];

// 01 §2.1. The catch-all /{refCode} is left out on purpose: as a pattern it would make every
// unknown one-segment path public.
export const PUBLIC_ROUTES: readonly string[] = [
  '/',
  '/login',
  '/recoverPassword',
  '/changePassword',
  '/onboarding/step/:currentStep',
  '/select-plan',
  '/payment',
  '/phone-selection',
  '/qr-code',
  '/two-factor',
  '/link-whatsapp',
  '/link-whatsapp/whatsappLink/instructions',
  '/link-whatsapp/profile',
  '/link-whatsapp/qrcode-instructions',
  '/link-whatsapp/qrcode',
  '/success-link',
  '/integrations/calendly_auth',
  '/forbidden',
  '/maintenance',
  '/ref',
];

function patternSegments(pattern: string): string[] {
  return pattern.split('/').filter((segment) => segment !== '');
}

// A pattern keeps its '?' (optional param); a real path loses its query string and hash.
function pathSegments(path: string): string[] {
  return patternSegments(path.split(/[?#]/, 1)[0] ?? '');
}

// React-router-like matching: `:param` is one segment, `:param?` may be absent, a trailing `*` takes
// zero or more segments. Query string, hash and trailing slash are ignored.
export function matchRoute(pattern: string, path: string): boolean {
  const wanted = patternSegments(pattern);
  const actual = pathSegments(path);
  const wildcard = wanted[wanted.length - 1] === '*';
  const fixed = wildcard ? wanted.slice(0, -1) : wanted;
  return matchSegments(fixed, actual, wildcard);
}

function matchSegments(pattern: readonly string[], actual: readonly string[], wildcard: boolean): boolean {
  if (pattern.length === 0) return wildcard || actual.length === 0;
  const [head, ...rest] = pattern;
  if (head === undefined) return false;
  if (head.startsWith(':') && head.endsWith('?')) {
    // Try with the segment present first, then absent.
    if (actual.length > 0 && matchSegments(rest, actual.slice(1), wildcard)) return true;
    return matchSegments(rest, actual, wildcard);
  }
  const first = actual[0];
  if (first === undefined) return false;
  if (head.startsWith(':')) return matchSegments(rest, actual.slice(1), wildcard);
  return head === first && matchSegments(rest, actual.slice(1), wildcard);
}

// Static segments weigh most, then required params, optional params, and a wildcard least, so
// /broadcast/table beats /broadcast/:currentStep.
function specificity(pattern: string): number {
  let score = 0;
  for (const segment of patternSegments(pattern)) {
    if (segment === '*') score -= 1;
    else if (segment.startsWith(':')) score += segment.endsWith('?') ? 10 : 100;
    else score += 1000;
  }
  return score;
}

export function findRouteGuard(path: string): RouteGuard | undefined {
  let best: RouteGuard | undefined;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const guard of ROUTE_GUARDS) {
    if (!matchRoute(guard.path, path)) continue;
    const score = specificity(guard.path);
    if (score > bestScore) {
      best = guard;
      bestScore = score;
    }
  }
  return best;
}

export function isPublicRoute(path: string): boolean {
  return PUBLIC_ROUTES.some((pattern) => matchRoute(pattern, path));
}

// 01 §2.3: a guarded path needs any one of its permissions; an unguarded path is reachable only if it is public.
export function canAccessRoute(path: string, perms: PermissionMap): boolean {
  const guard = findRouteGuard(path);
  if (guard) return hasAnyPermission(perms, guard.permissions);
  return isPublicRoute(path);
}

export interface NavItem {
  key: string;
  label: string;
  path: string;
  routes: readonly string[];
  permissions: readonly PermissionName[];
  requiresBoards?: boolean;
  hiddenForRoles?: readonly string[];
}

// 01 §2.2: the top bar, in order, with its Spanish labels.
export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'chat', label: 'Chat', path: '/chat', routes: ['/chat', '/chat/:chatId'], permissions: CHAT },
  {
    key: 'boards',
    label: 'Tableros',
    path: '/boards',
    routes: ['/boards', '/boards/:id', '/board'],
    permissions: CHAT,
    requiresBoards: true,
  },
  { key: 'contacts', label: 'Contactos', path: '/contacts', routes: ['/contacts'], permissions: ['agent'] },
  {
    key: 'multimedia',
    label: 'Multimedia',
    path: '/multimedia',
    routes: ['/multimedia/*', '/album/*', '/subAlbum/*'],
    permissions: ['readMultimedia', 'writeMultimedia'],
  },
  {
    key: 'quickAnswers',
    label: 'Respuestas',
    path: '/quickAnswers',
    routes: ['/quickAnswers', '/quickAnswers/new'],
    permissions: ['readQuickAnswers', 'writeQuickAnswers'],
  },
  {
    key: 'users',
    label: 'Equipo',
    path: '/users',
    routes: ['/users', '/users/new'],
    permissions: ['readUsers', 'writeUsers'],
    hiddenForRoles: ['groupadmin'],
  },
  { key: 'bot', label: 'Bot', path: '/bot', routes: ['/bot'], permissions: ['readBot', 'writeBot'] },
  {
    key: 'campaigns',
    label: 'Campañas',
    path: '/broadcast/table',
    routes: ['/broadcast/table'],
    permissions: ['campaigns'],
  },
  {
    key: 'analytics',
    label: 'Estadísticas',
    path: '/analytics',
    routes: ['/analytics'],
    permissions: ['readAnalytics'],
  },
  {
    key: 'spaces',
    label: 'Canales',
    path: '/spaces',
    routes: ['/spaces', '/spaces/new'],
    permissions: ['readSpaces', 'writeSpaces'],
  },
  {
    key: 'config',
    label: 'Configuración',
    path: '/config',
    routes: [
      '/config',
      '/config/new-tag',
      '/config/new-rol',
      '/config/new-datasheet',
      '/config/edit-plan',
      '/config/edit-card',
      '/config/album',
    ],
    permissions: CONFIG_PERMISSIONS,
  },
  {
    key: 'account',
    label: 'Cuenta',
    path: '/account',
    routes: ['/account'],
    permissions: [...COMPANY, ...PAYMENTS],
  },
  { key: 'help', label: 'Ayuda', path: '/help', routes: ['/help'], permissions: COMPANY },
];

export function visibleNavItems(user: {
  permissions: PermissionMap;
  roleName: string;
  isBoardsActive: boolean;
}): NavItem[] {
  return NAV_ITEMS.filter((item) => {
    if (item.requiresBoards && !user.isBoardsActive) return false;
    if (item.hiddenForRoles?.includes(user.roleName)) return false;
    // Nav items always list permissions, so an empty list never means "open to all" here.
    return item.permissions.some((name) => user.permissions[name] === true);
  });
}

// The top bar highlights the entry whose routes include the current path.
export function activeNavItem(path: string): NavItem | undefined {
  return NAV_ITEMS.find((item) => item.routes.some((pattern) => matchRoute(pattern, path)));
}
