import { Alert, Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { resolveError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import type { PlanPricing, PlanSelection } from '../../plans/api/plans';
import { formatPlanUsd } from '../../plans/planFeatures';
import { type BillingSubscription, changePlan } from '../api/billing';
import { formatUsd, isOfferedPlan } from '../billingLabels';
import { PlanChooser } from './PlanChooser';

interface ChangePlanPanelProps {
  payment: BillingSubscription;
  onChanged: () => Promise<void>;
}

function currentSelection(payment: BillingSubscription): PlanSelection {
  return {
    plan: isOfferedPlan(payment.plan) ? payment.plan : 'BASIC',
    agents: payment.agents,
    messages: payment.messages,
  };
}

function sameSelection(a: PlanSelection, b: PlanSelection): boolean {
  return a.plan === b.plan && a.agents === b.agents && a.messages === b.messages;
}

/** The plan, agents and conversations selects with the new price; the provider prorates the change. */
export function ChangePlanPanel({ payment, onChanged }: ChangePlanPanelProps) {
  const [selection, setSelection] = useState<PlanSelection>(() => currentSelection(payment));
  const [price, setPrice] = useState<PlanPricing | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const unchanged = sameSelection(selection, currentSelection(payment));

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await changePlan(selection);
      await onChanged();
      toast.success('Tu plan se actualizó.');
    } catch (cause) {
      setError(resolveError(cause).userMessage);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="Cambiar plan" data-testid="change-plan">
      <Typography.Paragraph type="secondary">
        Plan actual: {formatUsd(payment.pricing)} al mes. El cambio se prorratea en tu siguiente factura.
      </Typography.Paragraph>
      {error ? (
        <Alert type="error" showIcon title={error} className="billing-gap" data-testid="change-plan-error" />
      ) : null}
      <PlanChooser value={selection} onChange={setSelection} onPrice={setPrice} disabled={busy} />
      <Button
        type="primary"
        className="billing-gap-top"
        loading={busy}
        disabled={unchanged || price === null}
        onClick={() => void submit()}
      >
        {price && !unchanged ? `Cambiar a ${formatPlanUsd(price.pricing)} al mes` : 'Cambiar plan'}
      </Button>
    </Card>
  );
}
