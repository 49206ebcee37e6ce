import { type CampaignStatus, campaignStatusLabel } from '@crm/shared';
import { Tag } from 'antd';

const STATUS_COLORS: Readonly<Record<CampaignStatus, string>> = {
  SCHEDULED: 'blue',
  IN_PROGRESS: 'processing',
  PAUSED: 'orange',
  FINISHED: 'green',
  ERROR: 'red',
};

/** 01 §4: a campaign's status with its Spanish label, coloured. */
export function CampaignStatusTag({ status, label }: { status: string; label?: string | null }) {
  const color = (STATUS_COLORS as Readonly<Record<string, string>>)[status] ?? 'default';
  return (
    <Tag color={color} data-testid="campaign-status" data-status={status}>
      {label || campaignStatusLabel(status)}
    </Tag>
  );
}
