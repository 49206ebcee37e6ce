import { nextOnboardingStep, ONBOARDING_FLOW_STEPS } from '@crm/shared';

export type FlowStep = (typeof ONBOARDING_FLOW_STEPS)[number];

export function isFlowStep(value: string | null | undefined): value is FlowStep {
  return typeof value === 'string' && (ONBOARDING_FLOW_STEPS as readonly string[]).includes(value);
}

export function previousFlowStep(step: FlowStep): FlowStep | null {
  const index = ONBOARDING_FLOW_STEPS.indexOf(step);
  return index > 0 ? (ONBOARDING_FLOW_STEPS[index - 1] ?? null) : null;
}

export function nextFlowStep(step: FlowStep): FlowStep | null {
  const next = nextOnboardingStep(step);
  return isFlowStep(next) ? next : null;
}

export function onboardingPath(step: FlowStep, id?: string | null): string {
  return id ? `/onboarding/step/${step}?id=${encodeURIComponent(id)}` : `/onboarding/step/${step}`;
}

// The question each screen asks (01 §2.4 names the steps only).
export const STEP_TEXTS: Record<FlowStep, { title: string; subtitle?: string }> = {
  name: { title: 'Crea tu cuenta', subtitle: 'Empieza a atender a tus clientes por WhatsApp en minutos.' },
  phone: { title: '¿Cuál es tu número de teléfono?', subtitle: 'Te contactaremos solo si necesitas ayuda.' },
  code: { title: 'Verifica tu correo', subtitle: 'Escribe el código de 6 caracteres que te enviamos.' },
  business: { title: '¿Cómo se llama tu negocio?' },
  website: { title: '¿Tu negocio tiene sitio web?' },
  businessCategory: { title: '¿A qué se dedica tu negocio?' },
  email: { title: 'Tu correo electrónico', subtitle: 'Con este correo iniciarás sesión.' },
  password: { title: 'Crea tu contraseña', subtitle: 'Al menos 8 caracteres y un número.' },
  welcome: { title: '¡Bienvenido!' },
};
