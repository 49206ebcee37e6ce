import { Card, Descriptions, Tag, Typography } from 'antd';
import { useCompanyTimeZone } from '../../session/hooks/useCompanyTimeZone';
import { useSession } from '../../session/hooks/useSession';
import type { BillingSubscription } from '../api/billing';
import {
  companyStatusLabel,
  formatBillingDate,
  formatUsd,
  isLiveSubscription,
  planTitle,
  subscriptionStatusLabel,
} from '../billingLabels';

interface SubscriptionSummaryProps {
  /** Null before the first payment, or for a user who cannot read payments. */
  payment: BillingSubscription | null;
  /** False: only the company's status is shown (the user cannot read payments). */
  canRead: boolean;
}

/** When the subscription ends if it was cancelled at period end (the trial's end while still in it). */
export function cancellationDate(payment: BillingSubscription): string | null {
  return payment.currentPeriodEnd ?? payment.trialEnd;
}

function nextCharge(payment: BillingSubscription): string | null {
  if (!isLiveSubscription(payment.status) || payment.cancelAtPeriodEnd) return null;
  return payment.status === 'trialing'
    ? (payment.trialEnd ?? payment.currentPeriodEnd)
    : payment.currentPeriodEnd;
}

/** 'Mi cuenta': the plan and its price, the company's status, the next charge and the trial's end. */
export function SubscriptionSummary({ payment, canRead }: SubscriptionSummaryProps) {
  const { me } = useSession();
  const timeZone = useCompanyTimeZone();
  const status = me.company.status;
  return (
    <Card title="Suscripción" data-testid="subscription-summary">
      <Descriptions column={{ xs: 1, md: 2 }} size="small">
        <Descriptions.Item label="Estado de la cuenta">
          <Tag data-testid="company-status">{companyStatusLabel(status)}</Tag>
        </Descriptions.Item>
        {canRead && payment ? (
          <>
            <Descriptions.Item label="Plan">
              <span data-testid="summary-plan">{planTitle(payment.plan)}</span>
            </Descriptions.Item>
            <Descriptions.Item label="Precio mensual">
              <span data-testid="summary-price">{formatUsd(payment.pricing)}</span>
            </Descriptions.Item>
            <Descriptions.Item label="Agentes">{payment.agents}</Descriptions.Item>
            <Descriptions.Item label="Conversaciones al mes">{payment.messages}</Descriptions.Item>
            <Descriptions.Item label="Estado de la suscripción">
              {subscriptionStatusLabel(payment.status)}
            </Descriptions.Item>
            {payment.trialEnd ? (
              <Descriptions.Item label="Fin del periodo de prueba">
                <span data-testid="summary-trial-end">{formatBillingDate(payment.trialEnd, timeZone)}</span>
              </Descriptions.Item>
            ) : null}
            {nextCharge(payment) ? (
              <Descriptions.Item label="Próximo cargo">
                <span data-testid="summary-next-charge">
                  {formatBillingDate(nextCharge(payment), timeZone)}
                </span>
              </Descriptions.Item>
            ) : null}
            {payment.cancelAtPeriodEnd && isLiveSubscription(payment.status) ? (
              <Descriptions.Item label="Cancelación">
                <Typography.Text type="warning" data-testid="summary-cancel-date">
                  Se cancelará el {formatBillingDate(cancellationDate(payment), timeZone)}
                </Typography.Text>
              </Descriptions.Item>
            ) : null}
          </>
        ) : null}
      </Descriptions>
      {canRead && !payment ? (
        <Typography.Paragraph type="secondary" className="billing-gap-top">
          Tu cuenta aún no tiene una suscripción.
        </Typography.Paragraph>
      ) : null}
      {!canRead ? (
        <Typography.Paragraph type="secondary" className="billing-gap-top">
          Para ver el plan, las tarjetas y las facturas necesitas permiso de pagos.
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}
