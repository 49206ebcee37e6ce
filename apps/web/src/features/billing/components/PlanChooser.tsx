import { type OfferedPlan, PLAN_OFFERS } from '@crm/shared';
import { Alert, Select, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { resolveError } from '../../../lib/errors';
import { fetchPlanPricing, type PlanPricing, type PlanSelection } from '../../plans/api/plans';
import { formatPlanMxn, formatPlanUsd, PLAN_TITLES } from '../../plans/planFeatures';

interface PlanChooserProps {
  value: PlanSelection;
  onChange: (selection: PlanSelection) => void;
  /** The price of the current selection once known (null while it loads or when it cannot be read). */
  onPrice?: (price: PlanPricing | null) => void;
  disabled?: boolean;
}

const PLANS = Object.keys(PLAN_OFFERS) as OfferedPlan[];

/** The plan, agents and conversations selects of /select-plan (01 §2.4, §9) with the selection's monthly price. */
export function PlanChooser({ value, onChange, onPrice, disabled }: PlanChooserProps) {
  const [price, setPrice] = useState<PlanPricing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { plan, agents, messages } = value;
  const offer = PLAN_OFFERS[plan];

  // One request per change; aborting the previous one makes the latest selection win.
  useEffect(() => {
    const controller = new AbortController();
    setPrice(null);
    setError(null);
    fetchPlanPricing({ plan, agents, messages }, controller.signal).then(
      (answer) => {
        if (!controller.signal.aborted) setPrice(answer);
      },
      (cause: unknown) => {
        if (!controller.signal.aborted) setError(resolveError(cause).userMessage);
      },
    );
    return () => controller.abort();
  }, [plan, agents, messages]);

  // The parent learns the price (it shows it next to 'Pagar' and keeps the button off until it is known).
  useEffect(() => {
    onPrice?.(price);
  }, [price, onPrice]);

  const changePlan = (next: OfferedPlan) => {
    const options: readonly number[] = PLAN_OFFERS[next].conversations;
    // BASIC sells fewer conversation options than PRO: a choice it does not offer falls back to its largest.
    const kept = options.includes(messages) ? messages : (options[options.length - 1] ?? messages);
    onChange({ plan: next, agents, messages: kept });
  };

  return (
    <div className="billing-plan-chooser" data-testid="plan-chooser">
      <div className="billing-plan-fields">
        <div className="billing-field">
          <span>Plan</span>
          <Select
            aria-label="Plan"
            value={plan}
            onChange={changePlan}
            disabled={disabled}
            options={PLANS.map((key) => ({ value: key, label: PLAN_TITLES[key] }))}
          />
        </div>
        <div className="billing-field">
          <span>Agentes</span>
          <Select
            aria-label="Agentes"
            value={agents}
            onChange={(next: number) => onChange({ plan, agents: next, messages })}
            disabled={disabled}
            options={offer.agents.map((n) => ({ value: n, label: String(n) }))}
          />
        </div>
        <div className="billing-field">
          <span>Conversaciones</span>
          <Select
            aria-label="Conversaciones"
            value={messages}
            onChange={(next: number) => onChange({ plan, agents, messages: next })}
            disabled={disabled}
            options={offer.conversations.map((n) => ({ value: n, label: String(n) }))}
          />
        </div>
      </div>
      <div className="billing-plan-price" data-testid="plan-chooser-price">
        {price ? (
          <>
            <Typography.Title level={4}>{formatPlanUsd(price.pricing)} al mes</Typography.Title>
            <Typography.Text type="secondary">{formatPlanMxn(price.mxn)}</Typography.Text>
          </>
        ) : error ? (
          <Alert type="error" showIcon title={error} />
        ) : (
          <Spin size="small" />
        )}
      </div>
    </div>
  );
}
