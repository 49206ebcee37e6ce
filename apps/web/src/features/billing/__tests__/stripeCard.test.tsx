import { CompanyStatus } from '@crm/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../../test/stubServer';
import { FirstPayment } from '../components/FirstPayment';
import { meOf, ok, price, TestSession } from './billingTestKit';

// Stripe.js loads from Stripe's servers; here Elements stands in, answering a payment method id or a refusal.
const createPaymentMethod = vi.fn();
const loadStripe = vi.fn(async (_key: string, _options?: object) => ({}));
vi.mock('@stripe/stripe-js/pure', () => ({
  loadStripe: (key: string, options?: object) => loadStripe(key, options),
}));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  CardElement: () => <div data-testid="fake-card-element" />,
  useStripe: () => ({ createPaymentMethod }),
  useElements: () => ({ getElement: () => ({}) }),
}));

function renderPayment() {
  render(
    <TestSession
      me={meOf({ status: CompanyStatus.AWAITING_FIRST_PAYMENT })}
      next={meOf({ status: CompanyStatus.AWAITING_WA_VINCULATION })}
    >
      <MemoryRouter initialEntries={['/payment']}>
        <Routes>
          <Route path="/payment" element={<FirstPayment />} />
          <Route path="/link-whatsapp" element={<p>Vincula tu WhatsApp</p>} />
        </Routes>
      </MemoryRouter>
    </TestSession>,
  );
}

describe('/payment with Stripe', () => {
  it('loads Stripe Elements with the publishable key and sends only the payment method id', async () => {
    createPaymentMethod.mockResolvedValueOnce({
      error: {
        type: 'validation_error',
        code: 'incomplete_number',
        message: 'Your card number is incomplete.',
      },
    });
    createPaymentMethod.mockResolvedValueOnce({ paymentMethod: { id: 'pm_from_elements' } });
    const calls = stubServer({
      '/api/billing/config': ok({ mode: 'stripe', publishableKey: 'pk_test_123' }),
      '/api/pricing/BASIC/1/100': price('BASIC', 1, 100, 109.8),
      '/api/payment/first': ok({ mode: 'stripe', customer: null, payment: null }),
    });
    renderPayment();
    expect(await screen.findByTestId('fake-card-element')).toBeTruthy();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123', { locale: 'es' });
    expect(screen.queryByTestId('sandbox-mode-tag')).toBeNull();
    await screen.findByText('$109.80 USD', { selector: 'strong' });

    fireEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByText('El número de la tarjeta está incompleto.')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/payment/first')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByText('Vincula tu WhatsApp')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/payment/first')?.body).toEqual({
      plan: 'BASIC',
      agents: 1,
      messages: 100,
      paymentMethodId: 'pm_from_elements',
    });
  });
});
