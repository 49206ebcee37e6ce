import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConfigPaymentPage } from '../../../pages/ConfigPaymentPage';
import { EditCardPage } from '../../../pages/EditCardPage';
import { EditPlanPage } from '../../../pages/EditPlanPage';
import { type Reply, stubServer } from '../../../test/stubServer';
import {
  CUSTOMER,
  INVOICES,
  meOf,
  PAYMENT,
  paymentState,
  price,
  refetchSpy,
  SANDBOX_CONFIG,
  TestSession,
} from './billingTestKit';

const NEW_CARD = { id: 'pm_3', brand: 'visa', last4: '0002', expMonth: 3, expYear: 2031, isDefault: false };

function routes(extra: Record<string, Reply | Reply[]> = {}): Record<string, Reply | Reply[]> {
  return {
    '/api/billing/config': SANDBOX_CONFIG,
    '/api/stripe/getCustomer': paymentState(PAYMENT),
    '/api/billing/invoices': { status: 200, body: INVOICES },
    '/api/pricing/BASIC/1/100': price('BASIC', 1, 100, 109.8),
    ...extra,
  };
}

function renderAt(path: string) {
  render(
    <TestSession me={meOf()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/config/edit-plan" element={<EditPlanPage />} />
          <Route path="/config/edit-card" element={<EditCardPage />} />
          <Route path="/config/payment" element={<ConfigPaymentPage />} />
        </Routes>
      </MemoryRouter>
    </TestSession>,
  );
}

describe('configuration-side billing views', () => {
  beforeEach(() => refetchSpy.mockClear());

  it('/config/edit-card adds a card through the sandbox card entry', async () => {
    const withNew = { ...CUSTOMER, cards: [...CUSTOMER.cards, NEW_CARD] };
    const calls = stubServer(
      routes({
        '/api/stripe/getCustomer': [paymentState(PAYMENT), paymentState(PAYMENT, withNew)],
        '/api/customer/new-card': { status: 200, body: withNew },
      }),
    );
    renderAt('/config/edit-card');
    fireEvent.click(await screen.findByRole('button', { name: /Agregar tarjeta/ }));
    const form = screen.getByTestId('add-card');
    expect(within(form).getByTestId('sandbox-mode-tag')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Número de tarjeta'), {
      target: { value: '4000000000000002' },
    });
    fireEvent.change(within(form).getByLabelText('Vencimiento (MM/AA)'), { target: { value: '03/31' } });
    fireEvent.change(within(form).getByLabelText('CVC'), { target: { value: '123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar tarjeta' }));
    expect(await screen.findByTestId('card-pm_3')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/customer/new-card')?.body).toEqual({
      customerId: 'cus_1',
      setDefault: true,
      card: { number: '4000000000000002', expMonth: 3, expYear: 2031, cvc: '123' },
    });
    expect(screen.queryByTestId('add-card')).toBeNull();
  });

  it('/config/edit-card makes another card the default', async () => {
    const swapped = {
      ...CUSTOMER,
      defaultCardId: 'pm_2',
      cards: CUSTOMER.cards.map((card) => ({ ...card, isDefault: card.id === 'pm_2' })),
    };
    const calls = stubServer(
      routes({
        '/api/stripe/getCustomer': [paymentState(PAYMENT), paymentState(PAYMENT, swapped)],
        '/api/customer/card/default': { status: 200, body: swapped },
      }),
    );
    renderAt('/config/edit-card');
    const mastercard = await screen.findByTestId('card-pm_2');
    fireEvent.click(within(mastercard).getByRole('button', { name: 'Hacer predeterminada' }));
    await waitFor(() => expect(screen.getByTestId('card-pm_2').textContent).toContain('Predeterminada'));
    expect(calls.find((call) => call.path === '/api/customer/card/default')?.body).toEqual({
      providerCustomerId: 'cus_1',
      providerMethodId: 'pm_2',
    });
  });

  it('/config/edit-plan shows the plan change and /config/payment the summary and invoices', async () => {
    stubServer(routes());
    renderAt('/config/edit-plan');
    expect(await screen.findByTestId('change-plan')).toBeTruthy();
    fireEvent.click(screen.getByText('Pagos'));
    expect(await screen.findByTestId('subscription-summary')).toBeTruthy();
    expect(await screen.findByText('SBX-0001')).toBeTruthy();
    expect(screen.queryByTestId('change-plan')).toBeNull();
  });
});
