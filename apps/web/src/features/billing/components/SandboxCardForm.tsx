import { ExperimentOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import type { CardSource } from '../api/billing';
import {
  formatCardNumber,
  formatCvc,
  formatExpiry,
  SANDBOX_CARD_HINTS,
  type SandboxCardErrors,
  type SandboxCardFields,
  toRawCard,
  validateSandboxCard,
} from '../sandboxCard';
import { SandboxModeTag } from './SandboxModeTag';

interface SandboxCardFormProps {
  submitLabel: string;
  busy: boolean;
  disabled?: boolean;
  /** Shown above the button (e.g. 'Usar como predeterminada'). */
  extra?: ReactNode;
  onSubmit: (source: CardSource) => void;
}

const EMPTY: SandboxCardFields = { number: '', expiry: '', cvc: '' };

/**
 * Sandbox mode (no Stripe keys): our own card form, checked here with the texts of 01 §8 and sent as digits to the
 * sandbox provider, which behaves like Stripe's documented test cards.
 */
export function SandboxCardForm({ submitLabel, busy, disabled, extra, onSubmit }: SandboxCardFormProps) {
  const [fields, setFields] = useState<SandboxCardFields>(EMPTY);
  const [errors, setErrors] = useState<SandboxCardErrors>({});

  const change = (name: keyof SandboxCardFields, value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    // A corrected field loses its message; the others keep theirs until the next submit.
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = () => {
    const found = validateSandboxCard(fields);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    onSubmit({ card: toRawCard(fields) });
  };

  return (
    <Form layout="vertical" onFinish={submit} data-testid="sandbox-card-form" className="billing-card-form">
      <SandboxModeTag />
      <Form.Item
        label="Número de tarjeta"
        validateStatus={errors.number ? 'error' : undefined}
        help={errors.number}
      >
        <Input
          aria-label="Número de tarjeta"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={fields.number}
          onChange={(event) => change('number', formatCardNumber(event.target.value))}
          disabled={disabled}
        />
      </Form.Item>
      <div className="billing-card-row">
        <Form.Item
          label="Vencimiento"
          validateStatus={errors.expiry ? 'error' : undefined}
          help={errors.expiry}
          className="billing-card-half"
        >
          <Input
            aria-label="Vencimiento (MM/AA)"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/AA"
            value={fields.expiry}
            onChange={(event) => change('expiry', formatExpiry(event.target.value))}
            disabled={disabled}
          />
        </Form.Item>
        <Form.Item
          label="CVC"
          validateStatus={errors.cvc ? 'error' : undefined}
          help={errors.cvc}
          className="billing-card-half"
        >
          <Input
            aria-label="CVC"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            value={fields.cvc}
            onChange={(event) => change('cvc', formatCvc(event.target.value))}
            disabled={disabled}
          />
        </Form.Item>
      </div>
      <Alert
        type="info"
        showIcon
        icon={<ExperimentOutlined />}
        data-testid="sandbox-test-cards"
        title="Tarjetas de prueba (cualquier vencimiento futuro y cualquier CVC)"
        description={
          <ul className="billing-test-cards">
            {SANDBOX_CARD_HINTS.map((hint) => (
              <li key={hint.number}>
                <Typography.Text code copyable={{ text: hint.number.replace(/\s/g, '') }}>
                  {hint.number}
                </Typography.Text>{' '}
                {hint.outcome}
              </li>
            ))}
          </ul>
        }
      />
      {extra}
      <Button type="primary" htmlType="submit" block loading={busy} disabled={disabled}>
        {submitLabel}
      </Button>
    </Form>
  );
}
