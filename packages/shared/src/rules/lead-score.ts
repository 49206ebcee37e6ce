export interface LeadScoreInput {
  messages: number;
  agents: number;
  hasWebsite: boolean;
  device?: 'mobile' | 'desktop' | string | null;
  connSpeedMBps?: number | null;
  // ISO country code or name of the sign-up location.
  country?: string | null;
  referralCode?: string | null;
}

function isMexico(country: string | null | undefined): boolean {
  const c = (country ?? '').trim().toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  return c === 'mx' || c === 'mex' || c === 'mexico';
}

// 01 §9: onboarding lead score, capped at 1.
export function leadScore(input: LeadScoreInput): number {
  let score = ((input.messages / 2000) * 0.7 + (input.agents / 5) * 0.3) * 0.3;
  if (input.hasWebsite) score += 0.1;
  if (input.device === 'mobile') score += 0.05;
  else if (input.device === 'desktop') score += 0.15;
  const speed = input.connSpeedMBps ?? 0;
  if (speed >= 100) score += 0.2;
  else if (speed >= 50) score += 0.1;
  else score += 0.05;
  // A missing location counts as "not MX", as the rule reads literally.
  score += isMexico(input.country) ? 0.05 : 0.1;
  if (input.referralCode && input.referralCode.trim() !== '') score += 0.2;
  // Rounded to 6 places to drop floating-point noise before storing the float.
  return Math.min(1, Math.round(score * 1e6) / 1e6);
}
