import { userMessageFor } from '@crm/shared';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry loads Stripe.js only when loadStripe is called (stripe mode), never on import: in the sandbox no
// Stripe script may load (the CSP refuses it).
import type { Stripe, StripeError } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { Button, Form } from 'antd';
import { type ReactNode, useState } from 'react';
import type { CardSource } from '../api/billing';

interface StripeCardFormProps {
  publishableKey: string;
  submitLabel: string;
  busy: boolean;
  disabled?: boolean;
  extra?: ReactNode;
  onSubmit: (source: CardSource) => void;
}

// loadStripe injects Stripe.js once per key; re-rendering must not load it again.
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(key: string): Promise<Stripe | null> {
  const cached = stripeByKey.get(key);
  if (cached) return cached;
  const loading = loadStripe(key, { locale: 'es' });
  stripeByKey.set(key, loading);
  return loading;
}

// 01 §8: Elements' own checks as our catalogue's texts; any other refusal keeps Stripe's (Spanish) message.
const ELEMENT_CODES: Record<string, string> = {
  incomplete_number: 'INCOMPLETE_NUMBER',
  invalid_number: 'INVALID_NUMBER',
  incorrect_number: 'INVALID_NUMBER',
  incomplete_expiry: 'INCOMPLETE_EXPIRY',
  invalid_expiry_month: 'INVALID_EXPIRY',
  invalid_expiry_year: 'INVALID_EXPIRY',
  invalid_expiry_year_past: 'INVALID_EXPIRY',
  invalid_expiry_month_past: 'INVALID_EXPIRY',
  incomplete_cvc: 'INCOMPLETE_CVC',
  invalid_cvc: 'INVALID_CVC',
};

function stripeErrorText(error: StripeError): string {
  const code = error.code ? ELEMENT_CODES[error.code] : undefined;
  return code ? userMessageFor(code) : (error.message ?? userMessageFor('PROCESSING_ERROR'));
}

function CardElementForm({
  submitLabel,
  busy,
  disabled,
  extra,
  onSubmit,
}: Omit<StripeCardFormProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  const submit = async () => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setCreating(true);
    setError(null);
    // The digits go from Stripe's iframe to Stripe; our server only ever sees the payment method id.
    const result = await stripe.createPaymentMethod({ type: 'card', card });
    setCreating(false);
    if (result.error) {
      setError(stripeErrorText(result.error));
      return;
    }
    onSubmit({ paymentMethodId: result.paymentMethod.id });
  };

  return (
    <Form layout="vertical" onFinish={() => void submit()} className="billing-card-form">
      <Form.Item label="Tarjeta" validateStatus={error ? 'error' : undefined} help={error}>
        <div className="billing-stripe-card" data-testid="stripe-card-element">
          <CardElement options={{ hidePostalCode: true, disabled }} />
        </div>
      </Form.Item>
      {extra}
      <Button
        type="primary"
        htmlType="submit"
        block
        loading={busy || creating}
        disabled={disabled || !stripe}
      >
        {submitLabel}
      </Button>
    </Form>
  );
}

/** Stripe mode: Stripe Elements' card field, loaded with the publishable key the API gives. */
export function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ locale: 'es' }}>
      <CardElementForm {...props} />
    </Elements>
  );
}
