import { Alert, Button, Card, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { resolveError } from '../../../lib/errors';
import { useCompanyTimeZone } from '../../session/hooks/useCompanyTimeZone';
import { type BillingSubscription, cancelAtPeriodEnd } from '../api/billing';
import { formatBillingDate } from '../billingLabels';
import { cancellationDate } from './SubscriptionSummary';

interface CancelSubscriptionProps {
  payment: BillingSubscription;
  onChanged: () => Promise<void>;
}

/** 01 §4: cancelling takes effect at the end of the billing period; until then everything keeps working. */
export function CancelSubscription({ payment, onChanged }: CancelSubscriptionProps) {
  const timeZone = useCompanyTimeZone();
  const [error, setError] = useState<string | null>(null);
  const endsOn = formatBillingDate(cancellationDate(payment), timeZone);

  const cancel = async () => {
    setError(null);
    try {
      await cancelAtPeriodEnd();
      await onChanged();
    } catch (cause) {
      setError(resolveError(cause).userMessage);
    }
  };

  return (
    <Card title="Cancelar suscripción" data-testid="cancel-subscription">
      {error ? <Alert type="error" showIcon title={error} className="billing-gap" /> : null}
      {payment.cancelAtPeriodEnd ? (
        <Typography.Text type="warning" data-testid="cancel-date">
          Se cancelará el {endsOn}
        </Typography.Text>
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            Tu suscripción seguirá activa hasta el final del periodo que ya pagaste ({endsOn}).
          </Typography.Paragraph>
          <Popconfirm
            title="¿Cancelar tu suscripción?"
            description={`Seguirá activa hasta el ${endsOn}; después no se hará ningún cargo.`}
            okText="Cancelar suscripción"
            cancelText="Conservar"
            okButtonProps={{ danger: true }}
            onConfirm={() => cancel()}
          >
            <Button danger>Cancelar suscripción</Button>
          </Popconfirm>
        </>
      )}
    </Card>
  );
}
