import { Alert, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { type PlanSelection, updateTestPlan } from '../api/plans';
import { PlanCard } from './PlanCard';
import '../plans.css';

function errorText(error: unknown): string {
  return ApiError.is(error) ? error.userMessage : 'No se pudo guardar el plan.';
}

// 01 §2.4: the two monthly plans; choosing one stores it and opens the inbox.
export function SelectPlan() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const select = async (selection: PlanSelection) => {
    setBusy(true);
    setError(null);
    try {
      await updateTestPlan(selection);
      navigate('/chat');
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
