import {
  type BillingConfigView,
  CompanyStatus,
  DEFAULT_PLAN_SELECTION,
  destinationAfterLogin,
  isPlanOffer,
} from '@crm/shared';
import { Card, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { PlanPricing, PlanSelection } from '../../plans/api/plans';
import { formatPlanUsd } from '../../plans/planFeatures';
import { type BillingSubscription, type CardSource, payFirst } from '../api/billing';
import { isOfferedPlan } from '../billingLabels';
import { CardEntry } from './CardEntry';
import { PlanChooser } from './PlanChooser';

interface ResubscribeProps {
  config: BillingConfigView;
  /** The last subscription, whose plan is offered again. */
  previous: BillingSubscription | null;
  /** The company's status: a TRIAL company keeps what is left of its trial, the others are charged at once. */
  status: string;
  onChanged: () => Promise<void>;
}

function initialSelection(previous: BillingSubscription | null, params: URLSearchParams): PlanSelection {
  // The plan just chosen on /select-plan (?plan=&agents=&messages=) comes first.
  const plan = params.get('plan') ?? '';
  const agents = Number(params.get('agents'));
  const messages = Number(params.get('messages'));
  if (isPlanOffer(plan, agents, messages)) return { plan, agents, messages };
  if (previous && isOfferedPlan(previous.plan)) {
    return { plan: previous.plan, agents: previous.agents, messages: previous.messages };
  }
  return {
    plan: 'BASIC',
    agents: DEFAULT_PLAN_SELECTION.agents,
    messages: DEFAULT_PLAN_SELECTION.conversations,
  };
}

/**
 * 01 §2.1 update-subscription view (PAUSED / INACTIVE companies with no running subscription) and the way a company
 * in its trial subscribes before it ends: choose a plan and a card and subscribe (POST /api/payment/first).
 */
export function Resubscribe({ config, previous, status, onChanged }: ResubscribeProps) {
  const inTrial = status === CompanyStatus.TRIAL;
  const stopped = status === CompanyStatus.PAUSED || status === CompanyStatus.INACTIVE;
  const [params] = useSearchParams();
  const [selection, setSelection] = useState<PlanSelection>(() => initialSelection(previous, params));
  const [price, setPrice] = useState<PlanPricing | null>(null);
  const navigate = useNavigate();

  const subscribe = async (source: CardSource) => {
    const state = await payFirst(selection, source);
    await onChanged();
    // Subscribed without a WhatsApp number linked yet: the sign-up's next step is linking it (01 §2.5). Read from
    // the answer: once reloaded the page shows the live subscription and this view is gone.
    if (state.companyStatus === CompanyStatus.AWAITING_WA_VINCULATION) {
      navigate(destinationAfterLogin(CompanyStatus.AWAITING_WA_VINCULATION));
    }
  };

  return (
    <Card title={stopped ? 'Reactiva tu suscripción' : 'Contrata tu plan'} data-testid="resubscribe">
      <Typography.Paragraph type="secondary">
        {stopped ? 'Tu suscripción no está activa. ' : ''}
        Elige un plan y una tarjeta
        {inTrial
          ? '; el primer cargo se hace al terminar tu periodo de prueba.'
          : ' para usar la plataforma; el cargo se hace en este momento y después cada mes.'}
      </Typography.Paragraph>
      <PlanChooser value={selection} onChange={setSelection} onPrice={setPrice} />
      {price ? (
        <Typography.Paragraph className="billing-gap-top">
          Total mensual: <Typography.Text strong>{formatPlanUsd(price.pricing)}</Typography.Text>
        </Typography.Paragraph>
      ) : null}
      <CardEntry config={config} submitLabel="Suscribirme" disabled={price === null} onSubmit={subscribe} />
    </Card>
  );
}
