import { Alert, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { type PlanSelection, updateTestPlan } from '../api/plans';
import { PlanCard } from './PlanCard';
import '../plans.css';

function errorText(error: unknown): string {
  return ApiError.is(error) ? error.userMessage : 'No se pudo guardar el plan.';
}

/**
 * `/select-plan?next=payment`: the sign-up continues to paying for the plan instead of the inbox. A TRIAL company
 * subscribes from /config/edit-plan (01 §2.3 keeps /payment for AWAITING_FIRST_PAYMENT and sends others to /chat).
 */
export const PLAN_NEXT_PAYMENT = 'payment';

// 01 §2.4: the two monthly plans; choosing one stores it and opens the inbox (or, signing up, the first payment).
export function SelectPlan() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next') === PLAN_NEXT_PAYMENT ? '/config/edit-plan' : '/chat';
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const select = async (selection: PlanSelection) => {
    setBusy(true);
    setError(null);
    try {
      await updateTestPlan(selection);
      const { plan, agents, messages } = selection;
      navigate(next === '/chat' ? next : `${next}?plan=${plan}&agents=${agents}&messages=${messages}`);
    } catch (cause) {
      setError(errorText(cause));
      setBusy(false);
    }
  };

  return (
    <main className="select-plan">
      <Typography.Title level={2}>Elige tu plan</Typography.Title>
      {error ? <Alert type="error" showIcon title={error} data-testid="select-plan-error" /> : null}
      <div className="select-plan-cards">
        <PlanCard plan="BASIC" busy={busy} onSelect={(s) => void select(s)} />
        <PlanCard plan="PRO" busy={busy} onSelect={(s) => void select(s)} />
      </div>
    </main>
  );
}
