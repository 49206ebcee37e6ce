import { CheckCircleFilled } from '@ant-design/icons';
import { CAMPAIGN_MESSAGES } from '@crm/shared';

/** 01 §2.7: the overlay shown for 2 seconds after a campaign is created. */
export function SuccessOverlay() {
  return (
    <div className="cmp-success-overlay" role="status" data-testid="campaign-success-overlay">
      <CheckCircleFilled className="cmp-success-icon" aria-hidden />
      <span className="cmp-success-text">{CAMPAIGN_MESSAGES.created}</span>
    </div>
  );
}
