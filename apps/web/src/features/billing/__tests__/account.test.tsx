import { CompanyStatus, formatMediumDate } from '@crm/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubXhr } from '../../../test/fakeXhr';
import { type Reply, stubServer } from '../../../test/stubServer';
import type { Me } from '../../session/api/me.graphql';
import { Account } from '../components/Account';
import {
  INVOICES,
  meOf,
  ok,
  PAYMENT,
  paymentState,
  price,
  refetchSpy,
  refused,
  SANDBOX_CONFIG,
  TestSession,
} from './billingTestKit';

const ZONE = 'America/Mexico_City';
const ADMIN = meOf();
const READ_ONLY = meOf({}, { readPayments: true, readCompany: true, readChat: true });

function routes(extra: Record<string, Reply | Reply[]> = {}): Record<string, Reply | Reply[]> {
  return {
    '/api/billing/config': SANDBOX_CONFIG,
    '/api/stripe/getCustomer': paymentState(PAYMENT),
    '/api/billing/invoices': { status: 200, body: INVOICES },
    '/api/pricing/BASIC/1/100': price('BASIC', 1, 100, 109.8),
    '/api/pricing/BASIC/2/100': price('BASIC', 2, 100, 119.8),
    ...extra,
  };
}

function renderAccount(me: Me = ADMIN, next?: Me) {
  render(
    <TestSession me={me} next={next}>
      <MemoryRouter initialEntries={['/account']}>
        <Account />
      </MemoryRouter>
    </TestSession>,
  );
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const options = await screen.findAllByTitle(option);
  const last = options[options.length - 1];
  if (!last) throw new Error(`no option ${option}`);
  fireEvent.click(last);
}

describe('/account (Mi cuenta)', () => {
  beforeEach(() => refetchSpy.mockClear());

  it('shows the plan, its price and dates, the cards and the invoices', async () => {
    stubServer(routes());
    renderAccount();
    const summary = await screen.findByTestId('subscription-summary');
    expect(within(summary).getByTestId('summary-plan').textContent).toBe('Plan Básico mensual');
    expect(within(summary).getByTestId('summary-price').textContent).toBe('$109.80 USD');
    expect(within(summary).getByTestId('company-status').textContent).toBe('Activa');
    expect(within(summary).getByTestId('summary-next-charge').textContent).toBe(
      formatMediumDate(PAYMENT.currentPeriodEnd as string, ZONE),
    );

    const cards = screen.getByTestId('cards-panel');
    const visa = within(cards).getByTestId('card-pm_1');
    expect(visa.textContent).toContain('Visa •••• 4242');
    expect(visa.textContent).toContain('Vence 12/2030');
    expect(visa.textContent).toContain('Predeterminada');
    expect(within(cards).getByTestId('card-pm_2').textContent).not.toContain('Predeterminada');

    const invoices = screen.getByTestId('invoices');
    expect(within(invoices).getByText('SBX-0001')).toBeTruthy();
    expect(within(invoices).getByText('Pagada')).toBeTruthy();
    expect(within(invoices).getByText('Pendiente')).toBeTruthy();
    expect(within(invoices).getByText('$119.80 USD')).toBeTruthy();
    expect(within(invoices).getByText('Ver factura').getAttribute('href')).toBe(
      'https://billing.example.test/in_1',
    );

    expect(screen.getByTestId('change-plan')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancelar suscripción' })).toBeTruthy();
    expect(screen.getByTestId('sandbox-events')).toBeTruthy();
  });

  it('hides every change with readPayments only', async () => {
    stubServer(routes());
    renderAccount(READ_ONLY);
    expect(await screen.findByTestId('card-pm_1')).toBeTruthy();
    expect(screen.getByText('SBX-0001')).toBeTruthy();
    expect(screen.queryByTestId('change-plan')).toBeNull();
    expect(screen.queryByRole('button', { name: /Agregar tarjeta/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hacer predeterminada' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Eliminar/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancelar suscripción' })).toBeNull();
    expect(screen.queryByTestId('sandbox-events')).toBeNull();
  });

  it('cancels at the period end after confirming and shows the end date', async () => {
    const calls = stubServer(
      routes({
        '/api/stripe/getCustomer': [
          paymentState(PAYMENT),
          paymentState({ ...PAYMENT, cancelAtPeriodEnd: true }),
        ],
        '/api/stripe/cancelSubscription': { status: 200, body: { ...PAYMENT, cancelAtPeriodEnd: true } },
      }),
    );
    renderAccount();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar suscripción' }));
    const confirm = await screen.findByText('¿Cancelar tu suscripción?');
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popover).getByRole('button', { name: 'Cancelar suscripción' }));
    const ends = `Se cancelará el ${formatMediumDate(PAYMENT.currentPeriodEnd as string, ZONE)}`;
    expect((await screen.findByTestId('cancel-date')).textContent).toBe(ends);
    expect(screen.getByTestId('summary-cancel-date').textContent).toBe(ends);
    expect(calls.filter((call) => call.path === '/api/stripe/cancelSubscription')).toHaveLength(1);
    expect(refetchSpy).toHaveBeenCalled();
  });

  it('raises each sandbox event through the route and reloads the user data', async () => {
    const calls = stubServer(routes({ '/api/billing/sandbox/events': paymentState(PAYMENT) }));
    renderAccount();
    const panel = await screen.findByTestId('sandbox-events');
    const labels = [
      'Simular cobro mensual',
      'Simular pago fallido',
      'Simular fin de prueba',
      'Simular cancelación',
    ];
    const sent = () => calls.filter((call) => call.path === '/api/billing/sandbox/events');
    for (const [index, label] of labels.entries()) {
      // Each button waits for the previous event (the others are disabled while one runs).
      const button = within(panel).getByText(label).closest('button') as HTMLButtonElement;
      await waitFor(() => expect(button.disabled).toBe(false));
      fireEvent.click(button);
      await waitFor(() => expect(sent()).toHaveLength(index + 1));
      await waitFor(() => expect(refetchSpy).toHaveBeenCalledTimes(index + 1));
    }
    expect(sent().map((call) => call.body)).toEqual([
      { type: 'invoice.paid' },
      { type: 'invoice.payment_failed' },
      { type: 'customer.subscription.trial_will_end' },
      { type: 'customer.subscription.deleted' },
    ]);
    expect(refetchSpy).toHaveBeenCalledTimes(4);
  });

  it('changes the plan with the new price', async () => {
    const calls = stubServer(
      routes({
        '/api/billing/change-plan': { status: 200, body: { ...PAYMENT, agents: 2, pricing: 119.8 } },
      }),
    );
    renderAccount();
    const panel = await screen.findByTestId('change-plan');
    await choose('Agentes', '2');
    const button = await within(panel).findByRole('button', { name: 'Cambiar a $119.80 USD al mes' });
    fireEvent.click(button);
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/billing/change-plan')?.body).toEqual({
        plan: 'BASIC',
        agents: 2,
        messages: 100,
      }),
    );
    await waitFor(() => expect(refetchSpy).toHaveBeenCalled());
  });

  it('shows the server’s text when the default card cannot be deleted', async () => {
    stubServer(routes());
    const requests = stubXhr(() => ({
      status: 400,
      body: {
        code: 'VALIDATION_ERROR',
        message: 'default',
        userMessage: 'Elige otra tarjeta predeterminada antes de eliminar esta.',
      },
    }));
    renderAccount();
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar la tarjeta Visa •••• 4242' }));
    const confirm = await screen.findByText('¿Eliminar la tarjeta Visa •••• 4242?');
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popover).getByRole('button', { name: 'Eliminar' }));
    expect((await screen.findByTestId('cards-error')).textContent).toContain(
      'Elige otra tarjeta predeterminada antes de eliminar esta.',
    );
    expect(requests[0]).toMatchObject({ method: 'DELETE', url: '/api/customer/cus_1/card/pm_1' });
    expect(screen.getByTestId('card-pm_1')).toBeTruthy();
  });

  it('pays the pending balance of a failed renewal', async () => {
    const owing = meOf({ status: CompanyStatus.AWAITING_SUSCRIPTION_PAYMENT, paymentIntents: 1 });
    const calls = stubServer(routes({ '/api/cancel-balance': { status: 200, body: { paidInvoices: 1 } } }));
    renderAccount(owing, meOf({ status: CompanyStatus.ACTIVE }));
    const balance = await screen.findByTestId('pending-balance');
    fireEvent.click(within(balance).getByRole('button', { name: 'Pagar saldo pendiente' }));
    await waitFor(() => expect(screen.queryByTestId('pending-balance')).toBeNull());
    expect(calls.filter((call) => call.path === '/api/cancel-balance')).toHaveLength(1);
    expect(screen.getByTestId('company-status').textContent).toBe('Activa');
  });

  it('offers the update-subscription view to an inactive company and subscribes again', async () => {
    const canceled = { ...PAYMENT, status: 'canceled' };
    const calls = stubServer(
      routes({
        '/api/stripe/getCustomer': [paymentState(canceled), paymentState({ ...PAYMENT, id: 'sub_2' })],
        '/api/payment/first': paymentState({ ...PAYMENT, id: 'sub_2' }),
      }),
    );
    renderAccount(meOf({ status: CompanyStatus.INACTIVE }), meOf({ status: CompanyStatus.ACTIVE }));
    const view = await screen.findByTestId('resubscribe');
    expect(screen.queryByTestId('change-plan')).toBeNull();
    await within(view).findByText('$109.80 USD', { selector: 'strong' });
    fireEvent.change(within(view).getByLabelText('Número de tarjeta'), {
      target: { value: '4242424242424242' },
    });
    fireEvent.change(within(view).getByLabelText('Vencimiento (MM/AA)'), { target: { value: '12/30' } });
    fireEvent.change(within(view).getByLabelText('CVC'), { target: { value: '123' } });
    fireEvent.click(within(view).getByRole('button', { name: 'Suscribirme' }));
    await waitFor(() => expect(screen.queryByTestId('resubscribe')).toBeNull());
    expect(calls.find((call) => call.path === '/api/payment/first')?.body).toMatchObject({
      plan: 'BASIC',
      agents: 1,
      messages: 100,
      card: { number: '4242424242424242' },
    });
    expect(screen.getByTestId('change-plan')).toBeTruthy();
  });

  it('lets a company in its trial subscribe before the trial ends', async () => {
    stubServer(
      routes({ '/api/stripe/getCustomer': paymentState(null, null), '/api/billing/invoices': ok([]) }),
    );
    renderAccount(meOf({ status: CompanyStatus.TRIAL }));
    const view = await screen.findByTestId('resubscribe');
    expect(within(view).getByText('Contrata tu plan')).toBeTruthy();
    expect(view.textContent).toContain('al terminar tu periodo de prueba');
    expect(screen.getByText('Tu cuenta aún no tiene una suscripción.')).toBeTruthy();
    expect(screen.queryByTestId('cancel-subscription')).toBeNull();
  });

  it('shows only the status to a user who cannot read payments', async () => {
    const calls = stubServer(routes());
    renderAccount(meOf({}, { readCompany: true, readChat: true }));
    expect((await screen.findByTestId('company-status')).textContent).toBe('Activa');
    expect(screen.queryByTestId('cards-panel')).toBeNull();
    expect(calls.filter((call) => call.path === '/api/stripe/getCustomer')).toHaveLength(0);
  });

  it('shows the server’s text when the account cannot be read', async () => {
    stubServer(routes({ '/api/stripe/getCustomer': refused('FORBIDDEN', 'No tienes permiso.', 403) }));
    renderAccount();
    expect(await screen.findByText('No tienes permiso.')).toBeTruthy();
  });
});
