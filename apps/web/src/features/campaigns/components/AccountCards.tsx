import { CAMPAIGN_MESSAGES, qualityLabel, tierLabel } from '@crm/shared';
import { Card, Skeleton, Tag, Typography } from 'antd';
import type { AccountState } from '../hooks/useAccountStatus';

/** 01 §2.7 header: the number's quality rating (Alta, Media, Baja, NA, coloured) and its daily sending limit. */
export function AccountCards({ account }: { account: AccountState }) {
  const quality = qualityLabel(account.rating);
  return (
    <div className="cmp-account-cards" data-testid="campaign-account-cards">
      <Card size="small" className="cmp-account-card">
        <Typography.Text type="secondary">{CAMPAIGN_MESSAGES.qualityCard}</Typography.Text>
        <div className="cmp-account-value">
          {account.loading ? (
            <Skeleton.Button active size="small" />
          ) : (
            <Tag color={quality.color} data-testid="campaign-quality" data-rating={quality.label}>
              {quality.label}
            </Tag>
          )}
        </div>
      </Card>
      <Card size="small" className="cmp-account-card">
        <Typography.Text type="secondary">{CAMPAIGN_MESSAGES.dailyLimitCard}</Typography.Text>
        <div className="cmp-account-value">
          {account.loading ? (
            <Skeleton.Button active size="small" />
          ) : (
            <Typography.Text strong data-testid="campaign-daily-limit">
              {tierLabel(account.tier)}
            </Typography.Text>
          )}
        </div>
      </Card>
    </div>
  );
}
