import { ExperimentOutlined } from '@ant-design/icons';
import type { BillingEventType } from '@crm/shared';
import { Alert, Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { resolveError } from '../../../lib/errors';
import { raiseSandboxEvent } from '../api/billing';
import { SandboxModeTag } from './SandboxModeTag';

const EVENTS: ReadonlyArray<{ type: BillingEventType; label: string }> = [
  { type: 'invoice.paid', label: 'Simular cobro mensual' },
  { type: 'invoice.payment_failed', label: 'Simular pago fallido' },
  { type: 'customer.subscription.trial_will_end', label: 'Simular fin de prueba' },
  { type: 'customer.subscription.deleted', label: 'Simular cancelación' },
];

/**
 * Sandbox mode: stands in for time passing at the provider, so the banner and the status changes can be seen
 * without Stripe (POST /api/billing/sandbox/events).
 */
export function SandboxEvents({ onChanged }: { onChanged: () => Promise<void> }) {
  const [busy, setBusy] = useState<BillingEventType | null>(null);
  const [error, setError] = useState<string | null>(null);

  const raise = async (type: BillingEventType) => {
    setBusy(type);
    setError(null);
    try {
      await raiseSandboxEvent(type);
      await onChanged();
    } catch (cause) {
      setError(resolveError(cause).userMessage);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card
      size="small"
      title={
        <Space>
          <ExperimentOutlined />
          Modo de prueba
        </Space>
      }
      extra={<SandboxModeTag />}
      data-testid="sandbox-events"
    >
      <Typography.Paragraph type="secondary">
        Simula lo que haría el proveedor de pagos con el paso del tiempo para ver el aviso de pago y los
        cambios de estado de tu cuenta.
      </Typography.Paragraph>
      {error ? <Alert type="error" showIcon title={error} className="billing-gap" /> : null}
      <Space wrap>
        {EVENTS.map((event) => (
          <Button
            key={event.type}
            loading={busy === event.type}
            disabled={busy !== null && busy !== event.type}
            onClick={() => void raise(event.type)}
          >
            {event.label}
          </Button>
        ))}
      </Space>
    </Card>
  );
}
