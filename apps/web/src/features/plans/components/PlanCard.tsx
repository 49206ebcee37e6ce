import { DEFAULT_PLAN_SELECTION, type OfferedPlan, PLAN_OFFERS } from '@crm/shared';
import { Alert, Button, Card, Select, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { fetchPlanPricing, type PlanPricing, type PlanSelection } from '../api/plans';
import { formatPlanMxn, formatPlanUsd, PLAN_FEATURES, PLAN_TITLES } from '../planFeatures';

interface PlanCardProps {
  plan: OfferedPlan;
  /** True while any card is sending its selection, so two plans are never sent at once. */
  busy: boolean;
  onSelect: (selection: PlanSelection) => void;
}

function errorText(error: unknown): string {
  return ApiError.is(error) ? error.userMessage : 'No se pudo obtener el precio.';
}

export function PlanCard({ plan, busy, onSelect }: PlanCardProps) {
  const offer = PLAN_OFFERS[plan];
  const [agents, setAgents] = useState<number>(DEFAULT_PLAN_SELECTION.agents);
  const [messages, setMessages] = useState<number>(DEFAULT_PLAN_SELECTION.conversations);
  const [price, setPrice] = useState<PlanPricing | null>(null);
  const [error, setError] = useState<string | null>(null);

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
        if (!controller.signal.aborted) setError(errorText(cause));
      },
    );
    return () => controller.abort();
  }, [plan, agents, messages]);

  const title = PLAN_TITLES[plan];
  return (
    <Card title={title} className="plan-card" data-testid={`plan-card-${plan}`}>
      <div className="plan-card-field">
        <span>Agentes</span>
        <Select
          aria-label={`Agentes del ${title}`}
          value={agents}
          onChange={setAgents}
          options={offer.agents.map((n) => ({ value: n, label: String(n) }))}
          data-testid={`plan-agents-${plan}`}
        />
      </div>
      <div className="plan-card-field">
        <span>Conversaciones</span>
        <Select
          aria-label={`Conversaciones del ${title}`}
          value={messages}
          onChange={setMessages}
          options={offer.conversations.map((n) => ({ value: n, label: String(n) }))}
          data-testid={`plan-conversations-${plan}`}
        />
      </div>
      <div className="plan-card-price" data-testid={`plan-price-${plan}`}>
        {price ? (
          <>
            <Typography.Title level={3}>{formatPlanUsd(price.pricing)}</Typography.Title>
            <Typography.Text type="secondary">{formatPlanMxn(price.mxn)}</Typography.Text>
          </>
        ) : error ? (
          <Alert type="error" showIcon title={error} />
        ) : (
          <Spin />
        )}
      </div>
      <ul className="plan-card-features">
        {PLAN_FEATURES[plan].map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <Button
        type="primary"
        block
        disabled={busy || !price}
        onClick={() => onSelect({ plan, agents, messages })}
        data-testid={`plan-select-${plan}`}
      >
        Seleccionar
      </Button>
    </Card>
  );
}
