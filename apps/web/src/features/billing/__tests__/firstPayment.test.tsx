import { CompanyStatus, userMessageFor } from '@crm/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { type RecordedCall, type Reply, stubServer } from '../../../test/stubServer';
import type { Me } from '../../session/api/me.graphql';
import { FirstPayment } from '../components/FirstPayment';
import { meOf, price, refetchSpy, refused, SANDBOX_CONFIG, TestSession } from './billingTestKit';

const AWAITING = meOf({ status: CompanyStatus.AWAITING_FIRST_PAYMENT });
const LINKING = meOf({ status: CompanyStatus.AWAITING_WA_VINCULATION });

const ROUTES: Record<string, Reply> = {
  '/api/billing/config': SANDBOX_CONFIG,
  '/api/pricing/BASIC/1/100': price('BASIC', 1, 100, 109.8),
};

function renderPayment(me: Me = AWAITING, next?: Me, entry = '/payment') {
  render(
    <TestSession me={me} next={next}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/payment" element={<FirstPayment />} />
          <Route path="/link-whatsapp" element={<p>Vincula tu WhatsApp</p>} />
          <Route path="/chat" element={<p>Bandeja</p>} />
          <Route path="/account" element={<p>Mi cuenta</p>} />
        </Routes>
      </MemoryRouter>
    </TestSession>,
  );
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function fillCard(number: string, expiry = '12/30', cvc = '123') {
  await screen.findByText('$109.80 USD', { selector: 'strong' });
  type('Número de tarjeta', number);
  type('Vencimiento (MM/AA)', expiry);
  type('CVC', cvc);
}

function payCalls(calls: RecordedCall[]): RecordedCall[] {
  return calls.filter((call) => call.path === '/api/payment/first');
}

describe('/payment (first payment)', () => {
  beforeEach(() => refetchSpy.mockClear());

  it('labels the sandbox mode, lists the test cards and checks the card before sending anything', async () => {
    const calls = stubServer(ROUTES);
    renderPayment();
    expect(await screen.findByTestId('sandbox-mode-tag')).toBeTruthy();
    expect(screen.getByText(/Modo de prueba/)).toBeTruthy();
    const hints = screen.getByTestId('sandbox-test-cards').textContent ?? '';
    expect(hints).toContain('4242 4242 4242 4242');
    expect(hints).toContain('4000 0000 0000 0002');
    expect(hints).toContain('fondos insuficientes');

    await fillCard('4242424242424241', '13/30', '12');
    expect((screen.getByLabelText('Número de tarjeta') as HTMLInputElement).value).toBe(
      '4242 4242 4242 4241',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByText(userMessageFor('INVALID_NUMBER'))).toBeTruthy();
    expect(screen.getByText(userMessageFor('INVALID_EXPIRY'))).toBeTruthy();
    expect(screen.getByText(userMessageFor('INCOMPLETE_CVC'))).toBeTruthy();
    expect(payCalls(calls)).toHaveLength(0);
  });

  it('shows the server’s text for a declined card and keeps the form', async () => {
    const calls = stubServer({
      ...ROUTES,
      '/api/payment/first': refused(
        'CARD_DECLINED',
        'La tarjeta no tiene fondos suficientes. Intenta con otra tarjeta.',
      ),
    });
    renderPayment();
    await fillCard('4000 0000 0000 9995');
    fireEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(
      await screen.findByText('La tarjeta no tiene fondos suficientes. Intenta con otra tarjeta.'),
    ).toBeTruthy();
    expect((screen.getByLabelText('Número de tarjeta') as HTMLInputElement).value).toBe(
      '4000 0000 0000 9995',
    );
    expect(screen.queryByText('Vincula tu WhatsApp')).toBeNull();
    expect(payCalls(calls)).toHaveLength(1);
    expect(refetchSpy).not.toHaveBeenCalled();
  });

  it('pays, reloads the user data and goes where the new status leads', async () => {
    const calls = stubServer({
      ...ROUTES,
      '/api/payment/first': {
        status: 200,
        body: { mode: 'sandbox', customer: null, payment: null, companyStatus: 'AWAITING_WA_VINCULATION' },
      },
    });
    renderPayment(AWAITING, LINKING);
    await fillCard('4242 4242 4242 4242');
    fireEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByText('Vincula tu WhatsApp')).toBeTruthy();
    expect(refetchSpy).toHaveBeenCalledTimes(1);
    expect(payCalls(calls)[0]?.body).toEqual({
      plan: 'BASIC',
      agents: 1,
      messages: 100,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    });
  });

  it('pays for the plan named in the address', async () => {
    const calls = stubServer({
      ...ROUTES,
      '/api/pricing/PRO/2/400': price('PRO', 2, 400, 114.24),
      '/api/payment/first': {
        status: 200,
        body: { mode: 'sandbox', customer: null, payment: null, companyStatus: 'AWAITING_WA_VINCULATION' },
      },
    });
    renderPayment(AWAITING, LINKING, '/payment?plan=PRO&agents=2&messages=400');
    await screen.findByText('$114.24 USD', { selector: 'strong' });
    type('Número de tarjeta', '4242424242424242');
    type('Vencimiento (MM/AA)', '0131');
    type('CVC', '999');
    fireEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    await screen.findByText('Vincula tu WhatsApp');
    expect(payCalls(calls)[0]?.body).toMatchObject({ plan: 'PRO', agents: 2, messages: 400 });
  });

  it('sends a company that has already paid to where its status says', async () => {
    stubServer(ROUTES);
    renderPayment(meOf({ status: CompanyStatus.ACTIVE }));
    expect(await screen.findByText('Bandeja')).toBeTruthy();
  });

  it('asks a user without writePayments to get an administrator to pay', async () => {
    stubServer(ROUTES);
    renderPayment(meOf({ status: CompanyStatus.AWAITING_FIRST_PAYMENT }, { readChat: true, agent: true }));
    expect(await screen.findByText('Tu empresa aún no completa su primer pago.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Pagar' })).toBeNull());
  });
});
