import type { OfferedPlan } from '@crm/shared';

// 01 §2.4: what each card lists; both share the first five, PRO adds three and differs in support days.
const COMMON_FEATURES = [
  'WhatsApp',
  'Mensajes masivos',
  'Mensajes programados',
  'Chatbot multiopción',
  'Encuestas dinámicas',
] as const;

export const PLAN_FEATURES: Record<OfferedPlan, readonly string[]> = {
  BASIC: [...COMMON_FEATURES, 'Soporte de lunes a viernes'],
  PRO: [
    ...COMMON_FEATURES,
    'Landing page y anuncios',
    'Acceso seguro con doble factor',
    'Soporte de lunes a domingo',
  ],
};

export const PLAN_TITLES: Record<OfferedPlan, string> = {
  BASIC: 'Plan Básico mensual',
  PRO: 'Plan Pro mensual',
};

export function formatPlanUsd(usd: number): string {
  return `$${usd.toFixed(2)} USD`;
}

export function formatPlanMxn(mxn: number): string {
  return `Aprox. $${mxn.toLocaleString('es-MX')} MXN al mes`;
}
