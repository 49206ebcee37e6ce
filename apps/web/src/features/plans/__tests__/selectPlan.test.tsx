import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SelectPlanPage } from '../../../pages/SelectPlanPage';
import { type Reply, stubServer } from '../../../test/stubServer';

function price(plan: string, agents: number, messages: number, pricing: number, mxn: number): Reply {
  return { status: 200, body: { plan, agents, messages, pricing, mxn } };
}

const DEFAULT_PRICES: Record<string, Reply> = {
  '/api/pricing/BASIC/1/100': price('BASIC', 1, 100, 109.8, 1867),
  '/api/pricing/PRO/1/100': price('PRO', 1, 100, 97.2, 1653),
};

function renderPage(entry = '/select-plan') {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/select-plan" element={<SelectPlanPage />} />
        <Route path="/chat" element={<p>Bandeja</p>} />
        <Route path="/config/edit-plan" element={<p>Pago del plan</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

// antd renders each opened dropdown into the body; the option is picked from the one just opened.
async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const options = await screen.findAllByTitle(option);
  const last = options[options.length - 1];
  if (!last) throw new Error(`no option ${option}`);
  fireEvent.click(last);
}

describe('/select-plan', () => {
  it('shows both monthly plans with their features and default prices in USD and MXN', async () => {
    stubServer(DEFAULT_PRICES);
    renderPage();
    const basic = screen.getByTestId('plan-card-BASIC');
    const pro = screen.getByTestId('plan-card-PRO');
    expect(await within(basic).findByText('$109.80 USD')).toBeTruthy();
    expect(within(basic).getByText('Aprox. $1,867 MXN al mes')).toBeTruthy();
    expect(await within(pro).findByText('$97.20 USD')).toBeTruthy();
    expect(within(basic).getByText('Soporte de lunes a viernes')).toBeTruthy();
    expect(within(basic).queryByText('Acceso seguro con doble factor')).toBeNull();
    expect(within(pro).getByText('Soporte de lunes a domingo')).toBeTruthy();
    expect(within(pro).getByText('Landing page y anuncios')).toBeTruthy();
    expect(within(pro).getByText('Encuestas dinámicas')).toBeTruthy();
  });

  it('asks the price of a changed selection and shows it', async () => {
    const calls = stubServer({
      ...DEFAULT_PRICES,
      '/api/pricing/PRO/3/100': price('PRO', 3, 100, 117.2, 1993),
      '/api/pricing/PRO/3/1600': price('PRO', 3, 1600, 1425.2, 24229),
    });
    renderPage();
    const pro = screen.getByTestId('plan-card-PRO');
    await within(pro).findByText('$97.20 USD');
    await choose('Agentes del Plan Pro mensual', '3');
    expect(await within(pro).findByText('$117.20 USD')).toBeTruthy();
    await choose('Conversaciones del Plan Pro mensual', '1600');
    expect(await within(pro).findByText('$1425.20 USD')).toBeTruthy();
    expect(within(pro).getByText('Aprox. $24,229 MXN al mes')).toBeTruthy();
    expect(calls.map((call) => call.path)).toContain('/api/pricing/PRO/3/1600');
  });

  it('sends the chosen plan and goes to /chat', async () => {
    const calls = stubServer({
      ...DEFAULT_PRICES,
      '/api/pricing/BASIC/2/100': price('BASIC', 2, 100, 119.8, 2037),
      '/api/update-test-plan': price('BASIC', 2, 100, 119.8, 2037),
    });
    renderPage();
    const basic = screen.getByTestId('plan-card-BASIC');
    await choose('Agentes del Plan Básico mensual', '2');
    await within(basic).findByText('$119.80 USD');
    fireEvent.click(within(basic).getByRole('button', { name: 'Seleccionar' }));
    expect(await screen.findByText('Bandeja')).toBeTruthy();
    const sent = calls.find((call) => call.path === '/api/update-test-plan');
    expect(sent?.body).toEqual({ plan: 'BASIC', agents: 2, messages: 100 });
  });

  it('continues a sign-up to the first payment', async () => {
    stubServer({ ...DEFAULT_PRICES, '/api/update-test-plan': price('PRO', 1, 100, 97.2, 1653) });
    renderPage('/select-plan?next=payment');
    const pro = screen.getByTestId('plan-card-PRO');
    await within(pro).findByText('$97.20 USD');
    fireEvent.click(within(pro).getByRole('button', { name: 'Seleccionar' }));
    expect(await screen.findByText('Pago del plan')).toBeTruthy();
  });

  it('shows the server’s message when the plan cannot be saved and stays on the page', async () => {
    stubServer({
      ...DEFAULT_PRICES,
      '/api/update-test-plan': {
        status: 403,
        body: {
          code: 'FORBIDDEN',
          message: 'forbidden',
          userMessage: 'No tienes permiso para cambiar el plan.',
        },
      },
    });
    renderPage();
    const pro = screen.getByTestId('plan-card-PRO');
    await within(pro).findByText('$97.20 USD');
    fireEvent.click(within(pro).getByRole('button', { name: 'Seleccionar' }));
    expect(await screen.findByText('No tienes permiso para cambiar el plan.')).toBeTruthy();
    expect(screen.queryByText('Bandeja')).toBeNull();
  });

  it('shows the server’s message when a price cannot be read', async () => {
    stubServer({
      '/api/pricing/BASIC/1/100': DEFAULT_PRICES['/api/pricing/BASIC/1/100'] as Reply,
      '/api/pricing/PRO/1/100': {
        status: 400,
        body: { code: 'INCORRECT_PLAN_KEY', message: 'bad', userMessage: 'El plan elegido no es válido.' },
      },
    });
    renderPage();
    const pro = screen.getByTestId('plan-card-PRO');
    expect(await within(pro).findByText('El plan elegido no es válido.')).toBeTruthy();
    await waitFor(() =>
      expect((within(pro).getByRole('button', { name: 'Seleccionar' }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
  });
});
