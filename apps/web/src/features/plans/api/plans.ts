import type { OfferedPlan } from '@crm/shared';
import { apiGet, apiPost } from '../../../lib/http';

/** docs/api.md Billing: the price view of one plan option (USD per month and MXN = ceil(USD × 17)). */
export interface PlanPricing {
  plan: OfferedPlan;
  agents: number;
  messages: number;
  pricing: number;
  mxn: number;
}

export interface PlanSelection {
  plan: OfferedPlan;
  agents: number;
  messages: number;
}

export function fetchPlanPricing(selection: PlanSelection, signal?: AbortSignal): Promise<PlanPricing> {
  const { plan, agents, messages } = selection;
  // The pricing route is public, but a signed-in user's token does no harm.
  return apiGet<PlanPricing>(`/pricing/${plan}/${agents}/${messages}`, { signal });
}

export function updateTestPlan(selection: PlanSelection): Promise<PlanPricing> {
  return apiPost<PlanPricing>('/update-test-plan', selection);
}
