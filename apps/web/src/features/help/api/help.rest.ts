import { apiGet } from '../../../lib/http';

/** GET /api/onboarding/need-help: support is told once; 404 when the company has no onboarding record. */
export const requestSupport = () =>
  apiGet<{ requested: boolean; needHelpAt: string | null }>('/onboarding/need-help');
