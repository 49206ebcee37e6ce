import { CompanyStatus, PAYMENT_BANNER_MESSAGES, type RoleName } from '@crm/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { makeMe } from '../../../test/fixtures';
import type { Me } from '../../session/api/me.graphql';
import { SessionContext } from '../../session/SessionContext';
import { PaymentBanner } from '../components/PaymentBanner';

const NOW = new Date('2026-11-26T12:00:00Z');

function renderBanner(
  company: Partial<Me['company']>,
  {
    role = 'admin',
    isCustomPayment = false,
    overrides = {},
  }: {
    role?: RoleName;
    isCustomPayment?: boolean;
    overrides?: Partial<Me>;
  } = {},
) {
  const me = makeMe(role, overrides, { ...company, isCustomPayment });
  render(
    <SessionContext.Provider value={{ me, refetchMe: async () => undefined }}>
      <MemoryRouter initialEntries={['/chat']}>
        <PaymentBanner now={() => NOW} />
        <Routes>
          <Route path="/chat" element={<p>Bandeja</p>} />
          <Route path="/account" element={<p>Mi cuenta</p>} />
        </Routes>
      </MemoryRouter>
    </SessionContext.Provider>,
  );
}

const AWAITING = CompanyStatus.AWAITING_SUSCRIPTION_PAYMENT;

describe('payment banner', () => {
  it.each([
    [1, 'CARD', PAYMENT_BANNER_MESSAGES.cardFailed],
    [1, 'TRANSFER', PAYMENT_BANNER_MESSAGES.transferMissing],
    [2, 'CARD', PAYMENT_BANNER_MESSAGES.paySoon],
    [3, 'CARD', PAYMENT_BANNER_MESSAGES.lastWarning],
    [4, 'CARD', PAYMENT_BANNER_MESSAGES.paused],
  ])('shows the text for %i failed payment(s) by %s', (paymentIntents, paymentMethod, text) => {
    renderBanner({ status: AWAITING, paymentIntents, paymentMethod });
    expect(screen.getByTestId('payment-banner').textContent).toContain(text);
  });

  it('warns one day before expiry, also for unpaid extra messages', () => {
    renderBanner({
      status: CompanyStatus.AWAITING_BILLABLE_EXTRA_MESSAGES_PAYMENT,
      paymentIntents: 0,
      expirationDate: '2026-11-27T06:00:00Z',
    });
    expect(screen.getByTestId('payment-banner').textContent).toContain(
      PAYMENT_BANNER_MESSAGES.chargedTomorrow,
    );
  });

  it('says nothing when expiry is further than a day and no payment failed', () => {
    renderBanner({ status: AWAITING, paymentIntents: 0, expirationDate: '2026-11-30T12:00:00Z' });
    expect(screen.queryByTestId('payment-banner')).toBeNull();
  });

  it.each([CompanyStatus.ACTIVE, CompanyStatus.TRIAL, CompanyStatus.PAUSED])('is hidden for %s', (status) => {
    renderBanner({ status, paymentIntents: 3, expirationDate: '2026-11-27T06:00:00Z' });
    expect(screen.queryByTestId('payment-banner')).toBeNull();
  });

  it('is hidden for a custom-payment company', () => {
    renderBanner({ status: AWAITING, paymentIntents: 4 }, { isCustomPayment: true });
    expect(screen.queryByTestId('payment-banner')).toBeNull();
  });

  it('offers Ver cuenta to a user with payment permissions and takes them to /account', async () => {
    renderBanner({ status: AWAITING, paymentIntents: 2 });
    fireEvent.click(screen.getByRole('button', { name: 'Ver cuenta' }));
    expect(await screen.findByText('Mi cuenta')).toBeTruthy();
  });

  it('shows the banner without the button to a user without payment permissions', () => {
    renderBanner({ status: AWAITING, paymentIntents: 2 }, { overrides: { permissions: { readChat: true } } });
    expect(screen.getByTestId('payment-banner')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ver cuenta' })).toBeNull();
  });

  it('shows the button with writePayments alone', () => {
    renderBanner(
      { status: AWAITING, paymentIntents: 1 },
      { overrides: { permissions: { readChat: true, writePayments: true } } },
    );
    expect(screen.getByRole('button', { name: 'Ver cuenta' })).toBeTruthy();
  });
});
