import type { BillingConfigView } from '@crm/shared';
import { Alert } from 'antd';
import { type ReactNode, useState } from 'react';
import { isSessionErrorCode, resolveError } from '../../../lib/errors';
import type { CardSource } from '../api/billing';
import { SandboxCardForm } from './SandboxCardForm';
import { StripeCardForm } from './StripeCardForm';

interface CardEntryProps {
  config: BillingConfigView;
  submitLabel: string;
  disabled?: boolean;
  extra?: ReactNode;
  /** Sends the card; a rejection shows the server's Spanish text and keeps what was typed. */
  onSubmit: (source: CardSource) => Promise<void>;
}

/** The one card entry of every payment screen: Stripe Elements with Stripe, our own form in sandbox mode. */
export function CardEntry({ config, submitLabel, disabled, extra, onSubmit }: CardEntryProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = (source: CardSource) => {
    setBusy(true);
    setError(null);
    onSubmit(source).then(
      () => setBusy(false),
      (cause: unknown) => {
        const resolved = resolveError(cause);
        // A session error has already ended the session (lib/http); there is nothing to show here.
        if (!isSessionErrorCode(resolved.code)) setError(resolved.userMessage);
        setBusy(false);
      },
    );
  };

  const common = { submitLabel, busy, disabled, extra, onSubmit: submit };
  return (
    <div className="billing-card-entry">
      {error ? (
        <Alert type="error" showIcon title={error} data-testid="card-error" className="billing-gap" />
      ) : null}
      {config.mode !== 'stripe' ? (
        <SandboxCardForm {...common} />
      ) : config.publishableKey ? (
        <StripeCardForm publishableKey={config.publishableKey} {...common} />
      ) : (
        // Stripe without its publishable key cannot take a card (digits never go to our server in that mode).
        <Alert
          type="warning"
          showIcon
          title="El pago con tarjeta no está disponible. Comunícate con soporte."
        />
      )}
    </div>
  );
}
