import { ONBOARDING_FLOW_STEPS } from '@crm/shared';
import { Progress, Typography } from 'antd';
import type { ReactNode } from 'react';
import { AuthLayout } from '../../auth/components/AuthLayout';
import { type FlowStep, STEP_TEXTS } from '../steps';

interface StepLayoutProps {
  step: FlowStep;
  children: ReactNode;
}

// One step per screen: its question, where it is in the flow and its form (01 §2.4).
export function StepLayout({ step, children }: StepLayoutProps) {
  const index = ONBOARDING_FLOW_STEPS.indexOf(step);
  const total = ONBOARDING_FLOW_STEPS.length;
  const texts = STEP_TEXTS[step];
  return (
    <AuthLayout title={texts.title} subtitle={texts.subtitle} wide>
      <div className="onboarding-progress" data-testid="onboarding-progress">
        <Progress
          percent={Math.round(((index + 1) / total) * 100)}
          steps={total}
          showInfo={false}
          size={{ width: 24, height: 6 }}
          aria-label={`Paso ${index + 1} de ${total}`}
        />
        <Typography.Text type="secondary">
          Paso {index + 1} de {total}
        </Typography.Text>
      </div>
      <div className="onboarding-step">{children}</div>
    </AuthLayout>
  );
}
