import { CAMPAIGN_MESSAGES } from '@crm/shared';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';

interface StepActionsProps {
  onBack: () => void;
  /** Omitted on steps whose own buttons lead on (type, the media question). */
  onContinue?: () => void;
  continueLabel?: string;
  continueDisabled?: boolean;
  loading?: boolean;
  /** Something shown at the start of the bar. */
  extra?: ReactNode;
}

/** The bar under every wizard step: Back on the left, the step's primary action on the right. */
export function StepActions({
  onBack,
  onContinue,
  continueLabel = CAMPAIGN_MESSAGES.continue,
  continueDisabled = false,
  loading = false,
  extra,
}: StepActionsProps) {
  return (
    <div className="cmp-step-actions">
      <div>{extra}</div>
      <Space>
        <Button onClick={onBack} disabled={loading}>
          {CAMPAIGN_MESSAGES.back}
        </Button>
        {onContinue ? (
          <Button type="primary" onClick={onContinue} disabled={continueDisabled} loading={loading}>
            {continueLabel}
          </Button>
        ) : null}
      </Space>
    </div>
  );
}
