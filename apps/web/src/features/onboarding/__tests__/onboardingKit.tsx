import { ApolloProvider } from '@apollo/client/react';
import { configure, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { SessionEndRedirect } from '../../../app/guards/SessionEndRedirect';
import { createApolloClient } from '../../../lib/apollo';
import { NotFoundPage } from '../../../pages/NotFoundPage';
import { OnboardingPage } from '../../../pages/OnboardingPage';
import { ReferralCodeRoute, ReferralPage } from '../../../pages/ReferralPage';
import type { RecordedCall } from '../../../test/stubServer';

// Ant Design forms in jsdom are slow on a busy 2-core machine, as in the other feature kits.
configure({ asyncUtilTimeout: 5000 });

export const RECORD_ID = '0b7c2f7e-8a51-4d8e-9f3e-2a7c1d5e6f90';
export const EMAIL = 'ana@negocio.mx';

export function record(overrides: Record<string, unknown> = {}) {
  return {
    id: RECORD_ID,
    finished: false,
    email: EMAIL,
    name: 'Ana López',
    step: 'name',
    prevStep: null,
    businessName: null,
    businessCategory: null,
    businessWeb: null,
    hasWebsite: null,
    phone: null,
    country: null,
    referralCode: null,
    ...overrides,
  };
}

export const ok = (body: unknown) => ({ status: 200, body });

function CurrentLocation() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

export function renderFlow(path: string) {
  render(
    <ApolloProvider client={createApolloClient()}>
      <MemoryRouter initialEntries={[path]}>
        <SessionEndRedirect />
        <Routes>
          <Route path="/onboarding/step/:currentStep" element={<OnboardingPage />} />
          <Route path="/ref" element={<ReferralPage />} />
          <Route path="/select-plan" element={<p>Página de planes</p>} />
          <Route path="/login" element={<p>Página de inicio de sesión</p>} />
          <Route path="/chat" element={<p>Bandeja</p>} />
          <Route element={<ReferralCodeRoute />}>
            <Route path="/:refCode" element={<NotFoundPage />} />
          </Route>
        </Routes>
        <CurrentLocation />
      </MemoryRouter>
    </ApolloProvider>,
  );
}

export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}

/** The bodies sent to one path, in order. */
export function bodiesTo(calls: RecordedCall[], path: string): unknown[] {
  return calls.filter((call) => call.path === path).map((call) => call.body);
}

export function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

// A button that was loading keeps its icon (named 'loading') while the leave motion runs, which jsdom never ends.
export async function clickButton(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(`(^|\\s)${name}$`) }));
}

// The browser reports its bandwidth here, so the start never times a download in jsdom.
export function reportBandwidth(downlink: number) {
  Object.defineProperty(navigator, 'connection', { configurable: true, value: { downlink } });
}
