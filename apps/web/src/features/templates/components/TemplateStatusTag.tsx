import { type TemplateStatus, templateRejectionReasonLabel, templateStatusLabel } from '@crm/shared';
import { Space, Tag, Typography } from 'antd';

const STATUS_COLORS: Readonly<Record<TemplateStatus, string>> = {
  submitted: 'gold',
  accepted: 'green',
  denied: 'red',
};

interface TemplateStatusTagProps {
  status: TemplateStatus;
  rawStatus: string | null;
  reason: string | null;
}

/** 02 §4: in review, ready or not approved, in the provider's finer word when it has one; a refusal says why. */
export function TemplateStatusTag({ status, rawStatus, reason }: TemplateStatusTagProps) {
  const why = status === 'denied' ? templateRejectionReasonLabel(reason) : null;
  return (
    <Space orientation="vertical" size={2}>
      <Tag color={STATUS_COLORS[status]} data-testid="template-status" data-status={status}>
        {templateStatusLabel(status, rawStatus)}
      </Tag>
      {why ? (
        <Typography.Text type="secondary" className="tpl-status-reason">
          Motivo: {why}
        </Typography.Text>
      ) : null}
    </Space>
  );
}
