import { ApolloProvider } from '@apollo/client/react';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApolloClient } from '../../../lib/apollo';
import { LoginPage } from '../../../pages/LoginPage';
import { makeMe } from '../../../test/fixtures';
import { stubServer } from '../../../test/stubServer';
import { isReferralCode } from '../onboardingStorage';
import {
  bodiesTo,
  clickButton,
  currentLocation,
  EMAIL,
  ok,
  RECORD_ID,
  record,
  renderFlow,
  reportBandwidth,
} from './onboardingKit';

// No socket server in unit tests: the signed-in shell gets an inert realtime client.
vi.mock('../../../lib/socket', async () => (await import('../../../test/socketStub')).socketModule);

const at = (step: string) => `/onboarding/step/${step}?id=${RECORD_ID}`;

beforeEach(() => {
  localStorage.clear();
  reportBandwidth(12.5);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('onboarding: a closed tab continues where it was', () => {
  it('opens the stored step of the record kept in local storage', async () => {
    localStorage.setItem('onboardingId', RECORD_ID);
    const calls = stubServer({
      [`/api/onboarding/${RECORD_ID}`]: ok(record({ step: 'business', businessName: 'Tacos Ana' })),
    });
    renderFlow('/onboarding/step/name');
    // The file's first render is slow on a busy machine (antd builds its styles once).
    expect(await screen.findByText('Paso 4 de 9', {}, { timeout: 10_000 })).toBeTruthy();
    expect(currentLocation()).toBe(at('business'));
    expect(screen.getByLabelText('Nombre del negocio')).toHaveProperty('value', 'Tacos Ana');
    expect(calls.map((call) => call.path)).toEqual([`/api/onboarding/${RECORD_ID}`]);
  });

  it('opens the record of the ?id= address and keeps its id', async () => {
    stubServer({ [`/api/onboarding/${RECORD_ID}`]: ok(record({ step: 'website' })) });
    renderFlow(at('password'));
    expect(await screen.findByText('Paso 5 de 9')).toBeTruthy();
    expect(currentLocation()).toBe(at('website'));
    expect(localStorage.getItem('onboardingId')).toBe(RECORD_ID);
  });

  it('starts again when the stored record no longer exists', async () => {
    localStorage.setItem('onboardingId', RECORD_ID);
    stubServer({
      [`/api/onboarding/${RECORD_ID}`]: {
        status: 404,
        body: { code: 'ONBOARDING_NOT_FOUND', userMessage: 'No encontramos tu registro. Empieza de nuevo.' },
      },
    });
    renderFlow('/onboarding/step/phone');
    expect(await screen.findByLabelText('Correo')).toBeTruthy();
    expect(currentLocation()).toBe('/onboarding/step/name');
    expect(localStorage.getItem('onboardingId')).toBeNull();
  });

  it('sends a later step without a record to the first one', async () => {
    stubServer({});
    renderFlow('/onboarding/step/password');
    expect(await screen.findByLabelText('Correo')).toBeTruthy();
    expect(currentLocation()).toBe('/onboarding/step/name');
  });

  it('says a finished record is an account already, with the way to sign in', async () => {
    localStorage.setItem('onboardingId', RECORD_ID);
    stubServer({
      [`/api/onboarding/${RECORD_ID}`]: ok({ id: RECORD_ID, step: 'welcome', finished: true }),
    });
    renderFlow('/onboarding/step/name');
    expect(await screen.findByText('Tu cuenta ya fue creada')).toBeTruthy();
    expect(localStorage.getItem('onboardingId')).toBeNull();
    await clickButton('Iniciar sesión');
    expect(await screen.findByText('Página de inicio de sesión')).toBeTruthy();
  });

  it('goes back with Regresar and stores the step it went back to', async () => {
    localStorage.setItem('onboardingId', RECORD_ID);
    const calls = stubServer({
      [`/api/onboarding/${RECORD_ID}`]: ok(record({ step: 'business' })),
      '/api/onboarding/set': ok(record({ step: 'code', prevStep: 'business' })),
      '/api/emailVerification': ok({ sent: true, resendAfterSeconds: 60 }),
    });
    renderFlow(at('business'));
    await screen.findByText('Paso 4 de 9');
    await clickButton('Regresar');
    expect(await screen.findByText('Paso 3 de 9')).toBeTruthy();
    expect(currentLocation()).toBe(at('code'));
    await waitFor(() =>
      expect(bodiesTo(calls, '/api/onboarding/set')).toEqual([
        { id: RECORD_ID, data: { step: 'code', prevStep: 'business' } },
      ]),
    );
  });
});

describe('referral links', () => {
  it('keep the code of /ref?code= and open the onboarding, which stores it on a started record', async () => {
    localStorage.setItem('onboardingId', RECORD_ID);
    const calls = stubServer({
      [`/api/onboarding/${RECORD_ID}`]: ok(record({ step: 'phone', email: EMAIL })),
      '/api/onboarding/set': ok(record({ step: 'phone', referralCode: 'AMIGO-22' })),
    });
    renderFlow('/ref?code=AMIGO-22');
    expect(await screen.findByText('Paso 2 de 9')).toBeTruthy();
    expect(localStorage.getItem('referralCode')).toBe('AMIGO-22');
    await waitFor(() =>
      expect(bodiesTo(calls, '/api/onboarding/set')).toEqual([
        { id: RECORD_ID, data: { referralCode: 'AMIGO-22' } },
      ]),
    );
  });

  it('keep the code of /{refCode} for a signed-out visitor', async () => {
    stubServer({});
    renderFlow('/tacos_ana');
    expect(await screen.findByLabelText('Correo')).toBeTruthy();
    expect(currentLocation()).toBe('/onboarding/step/name');
    expect(localStorage.getItem('referralCode')).toBe('tacos_ana');
  });

  it('show a signed-in user the not-found page, not the onboarding', async () => {
    localStorage.setItem('token', 'valid');
    stubServer({ '/graphql': ok({ data: { me: makeMe('admin') } }) });
    renderFlow('/tacos_ana');
    expect(await screen.findByText('Página no encontrada')).toBeTruthy();
    expect(localStorage.getItem('referralCode')).toBeNull();
  });

  it('send a signed-out visitor of an address that is no code to the login, as any unknown address', async () => {
    stubServer({});
    renderFlow('/no.es.codigo');
    expect(await screen.findByText('Página de inicio de sesión')).toBeTruthy();
    expect(localStorage.getItem('referralCode')).toBeNull();
  });

  it('count only code-like segments that are no section of the product', () => {
    expect(isReferralCode('AMIGO-22')).toBe(true);
    expect(isReferralCode('ab')).toBe(false);
    expect(isReferralCode('a.b.c')).toBe(false);
    expect(isReferralCode('chat')).toBe(false);
    expect(isReferralCode('onboarding')).toBe(false);
    expect(isReferralCode('Login')).toBe(false);
  });
});

describe('the login page', () => {
  it('links to the onboarding to create an account', () => {
    render(
      <ApolloProvider client={createApolloClient()}>
        <MemoryRouter>
          <LoginPage />
        </MemoryRouter>
      </ApolloProvider>,
    );
    expect(screen.getByRole('link', { name: 'Crear cuenta' }).getAttribute('href')).toBe(
      '/onboarding/step/name',
    );
  });
});
