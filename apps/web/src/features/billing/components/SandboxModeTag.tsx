import { BILLING_MESSAGES } from '@crm/shared';
import { Tag } from 'antd';

/** Issue 19: every payment screen in sandbox mode says so, so nobody mistakes it for a real charge. */
export function SandboxModeTag() {
  return (
    <Tag color="orange" data-testid="sandbox-mode-tag" className="billing-sandbox-tag">
      {BILLING_MESSAGES.sandboxModeLabel}
    </Tag>
  );
}
