import { Alert, Button } from 'antd';
import { useState } from 'react';
import { resolveError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { payPendingBalance } from '../api/billing';

interface PendingBalanceProps {
  onChanged: () => Promise<void>;
}

/** AWAITING_SUSCRIPTION_PAYMENT: pay the failed renewals now with the default card (POST /api/cancel-balance). */
export function PendingBalance({ onChanged }: PendingBalanceProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pay = async () => {
    setBusy(true);
    setError(null);
    try {
      const { paidInvoices } = await payPendingBalance();
      await onChanged();
      toast.success(paidInvoices > 0 ? 'Pago realizado. ¡Gracias!' : 'No tienes pagos pendientes.');
    } catch (cause) {
      setError(resolveError(cause).userMessage);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Alert
      type="warning"
      showIcon
      data-testid="pending-balance"
      title="Tienes un pago de suscripción pendiente."
      description={
        error ? (
          <span data-testid="pending-balance-error">{error}</span>
        ) : (
          'Se cobrará a tu tarjeta predeterminada. Si no es correcta, agrega otra y hazla predeterminada antes de pagar.'
        )
      }
      action={
        <Button type="primary" loading={busy} onClick={() => void pay()}>
          Pagar saldo pendiente
        </Button>
      }
    />
  );
}
