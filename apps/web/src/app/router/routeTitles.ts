import { NAV_ITEMS, type RouteGuard } from '@crm/shared';

// Headings for routes whose guard row has no title (01 §2.3 leaves chat, boards, broadcast and
// analytics untitled); the navigation label is used when the route belongs to an entry.
const GUARDED_ROUTE_NAMES: Record<string, string> = {
  '/broadcast': 'Campañas',
  '/broadcast/:currentStep': 'Nueva campaña',
  '/panel': 'Panel',
  '/analytics/agents': 'Estadísticas de agentes',
  '/link-whatsapp/*': 'Vincular WhatsApp',
};

const PUBLIC_ROUTE_NAMES: Record<string, string> = {
  '/onboarding/step/:currentStep': 'Crea tu cuenta',
  '/select-plan': 'Elige tu plan',
  '/payment': 'Pago',
  '/phone-selection': 'Elige tu número',
  '/success-link': 'Número vinculado',
  '/integrations/calendly_auth': 'Conectar calendario',
  '/maintenance': 'Estamos en mantenimiento',
  '/ref': 'Código de referido',
};

export function guardedRouteTitle(guard: RouteGuard): string {
  if (guard.title) return guard.title;
  const navEntry = NAV_ITEMS.find((item) => item.routes.includes(guard.path));
  return navEntry?.label ?? GUARDED_ROUTE_NAMES[guard.path] ?? 'Charla CRM';
}

export function publicRouteTitle(path: string): string {
  return PUBLIC_ROUTE_NAMES[path] ?? 'Charla CRM';
}
