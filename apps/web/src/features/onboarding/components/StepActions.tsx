import { Alert, Button } from 'antd';

interface StepActionsProps {
  onBack: (() => void) | null;
  submitting: boolean;
  error: string | null;
  submitLabel?: string;
}

// The buttons under every step's form (inside the antd Form, so Continuar submits it) and its general error.
export function StepActions({ onBack, submitting, error, submitLabel = 'Continuar' }: StepActionsProps) {
  return (
    <>
      {error ? (
        <Alert type="error" showIcon title={error} className="onboarding-alert" data-testid="step-error" />
      ) : null}
      <div className="onboarding-actions">
        {onBack ? (
          <Button size="large" onClick={onBack} disabled={submitting}>
            Regresar
          </Button>
        ) : null}
        <Button type="primary" size="large" htmlType="submit" loading={submitting}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
