import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../../test/stubServer';
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
  type,
} from './onboardingKit';

const at = (step: string) => `/onboarding/step/${step}?id=${RECORD_ID}`;

beforeEach(() => {
  localStorage.clear();
  reportBandwidth(12.5);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('onboarding: the name step (the record is created by e-mail)', () => {
  it('asks the e-mail and the name with the spec texts', async () => {
    stubServer({});
    renderFlow('/onboarding/step/name');
    expect(screen.getByText('Paso 1 de 9')).toBeTruthy();
    await clickButton('Continuar');
    expect(await screen.findByText('Correo obligatorio')).toBeTruthy();
    expect(screen.getByText('Nombre obligatorio')).toBeTruthy();
    type('Correo', 'ana@');
    type('Nombre', 'Ana#');
    expect(await screen.findByText('Correo invalido')).toBeTruthy();
    expect(await screen.findByText('No puede contener caracteres especiales')).toBeTruthy();
    type('Nombre', 'Ana 2');
    expect(await screen.findByText('No puede contener caracteres especiales')).toBeTruthy();
  });

  it('creates the record, keeps its id, records the device and the referral, and opens the phone step', async () => {
    localStorage.setItem('referralCode', 'AMIGO-22');
    const calls = stubServer({
      '/graphql': ok({
        data: {
          createOnboardingInProcess: {
            __typename: 'OnboardingInProcess',
            id: RECORD_ID,
            email: EMAIL,
            name: null,
            step: 'name',
          },
        },
      }),
      '/api/onboarding/set': ok(record({ step: 'phone', prevStep: 'name' })),
    });
    renderFlow('/onboarding/step/name');
    type('Correo', ` ${EMAIL} `);
    type('Nombre', 'Ana López');
    await clickButton('Continuar');
    expect(await screen.findByText('Paso 2 de 9')).toBeTruthy();
    expect(currentLocation()).toBe(at('phone'));
    expect(localStorage.getItem('onboardingId')).toBe(RECORD_ID);
    const graphql = bodiesTo(calls, '/graphql')[0] as { variables: unknown };
    expect(graphql.variables).toEqual({ email: EMAIL });
    await waitFor(() => expect(bodiesTo(calls, '/api/onboarding/set')).toHaveLength(2));
    const bodies = bodiesTo(calls, '/api/onboarding/set') as Array<{
      id: string;
      data: Record<string, unknown>;
    }>;
    expect(bodies).toContainEqual({
      id: RECORD_ID,
      data: { name: 'Ana López', step: 'phone', prevStep: 'name' },
    });
    const environment = bodies.find((body) => 'device' in body.data);
    expect(environment?.data).toMatchObject({
      device: 'desktop',
      connSpeedMBps: 12.5,
      referralCode: 'AMIGO-22',
    });
    expect(typeof environment?.data.location).toBe('string');
  });

  it('shows the server refusal of the e-mail under its field', async () => {
    stubServer({
      '/graphql': ok({
        data: null,
        errors: [
          {
            message: 'EMAIL_ALREADY_USED',
            extensions: {
              code: 'EMAIL_ALREADY_USED',
              field: 'email',
              userMessage: 'Este correo ya está registrado',
            },
          },
        ],
      }),
    });
    renderFlow('/onboarding/step/name');
    type('Correo', EMAIL);
    type('Nombre', 'Ana');
    await clickButton('Continuar');
    expect(await screen.findByText('Este correo ya está registrado')).toBeTruthy();
    expect(localStorage.getItem('onboardingId')).toBeNull();
  });
});

describe('onboarding: the phone step', () => {
  it('checks the number, shows the server field error and saves the whole number with its country', async () => {
    localStorage.setItem('onboardingId', RECORD_ID);
    const calls = stubServer({
      [`/api/onboarding/${RECORD_ID}`]: ok(record({ step: 'phone' })),
      '/api/onboarding/set': [
        {
          status: 400,
          body: {
            code: 'CANNOT_SET_ONBOARDING_USER_DATA',
            field: 'phone',
            userMessage: 'Teléfono inválido',
          },
        },
        ok(record({ step: 'code', phone: '5215512345678' })),
      ],
      '/api/emailVerification': ok({ sent: true, resendAfterSeconds: 60 }),
    });
    renderFlow(at('phone'));
    await screen.findByText('Paso 2 de 9');
    expect(screen.getByPlaceholderText('Número de teléfono')).toBeTruthy();
    expect(screen.getByText('+52')).toBeTruthy();
    await clickButton('Continuar');
    expect(await screen.findByText('Teléfono obligatorio')).toBeTruthy();
    type('Número de teléfono', '55ABC');
    expect(await screen.findByText('Solo puede contener números')).toBeTruthy();
    type('Número de teléfono', '5512345678');
    await waitFor(() => expect(screen.queryByText('Solo puede contener números')).toBeNull());
    await clickButton('Continuar');
    expect(await screen.findByText('Teléfono inválido')).toBeTruthy();
    await clickButton('Continuar');
    expect(await screen.findByText('Paso 3 de 9')).toBeTruthy();
    expect(bodiesTo(calls, '/api/onboarding/set').at(-1)).toEqual({
      id: RECORD_ID,
      data: { phone: '525512345678', country: 'MX', step: 'code', prevStep: 'phone' },
    });
  });
});

describe('onboarding: the code step', () => {
  function typeCode(code: string) {
    [...code].forEach((character, index) => {
      fireEvent.change(screen.getByTestId(`code-box-${index}`), { target: { value: character } });
    });
  }

  it('mails the code on opening and offers a new one only after 60 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    localStorage.setItem('onboardingId', RECORD_ID);
    const calls = stubServer({
      [`/api/onboarding/${RECORD_ID}`]: ok(record({ step: 'code' })),
      '/api/emailVerification': ok({ sent: true, resendAfterSeconds: 60 }),
    });
    renderFlow(at('code'));
    const resend = await screen.findByTestId('resend-code');
    await waitFor(() => expect(bodiesTo(calls, '/api/emailVerification')).toEqual([{ email: EMAIL }]));
    expect(resend.textContent).toBe('Reenviar código en 60 s');
    expect(resend.hasAttribute('disabled')).toBe(true);
    act(() => {
      vi.advanceTimersByTime(59_000);
    });
    expect(resend.textContent).toBe('Reenviar código en 1 s');
    expect(resend.hasAttribute('disabled')).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(resend.textContent).toBe('Reenviar código');
    expect(resend.hasAttribute('disabled')).toBe(false);
    fireEvent.click(resend);
    expect(await screen.findByText('Te enviamos un código nuevo a tu correo.')).toBeTruthy();
    expect(bodiesTo(calls, '/api/emailVerification')).toHaveLength(2);
    expect(screen.getByTestId('resend-code').textContent).toBe('Reenviar código en 60 s');
  });

  it('asks for six characters, shows a wrong code with the server text and goes on with the right one', async () => {
    localStorage.setItem('onboardingId', RECORD_ID);
    const calls = stubServer({
      [`/api/onboarding/${RECORD_ID}`]: ok(record({ step: 'code' })),
      // Opened again within a minute: the code already mailed is still the good one.
      '/api/emailVerification': {
        status: 429,
        body: { code: 'EMAIL_CODE_RESEND_TOO_SOON', field: 'email', userMessage: 'Espera un momento' },
      },
      '/api/verify': [
        {
          status: 404,
          body: {
            code: 'EMAIL_VERIFICATION_NOT_FOUND',
            field: 'code',
            userMessage: 'El código es incorrecto o ya expiró',
          },
        },
        ok({ verified: true }),
      ],
      '/api/onboarding/set': ok(record({ step: 'business', prevStep: 'code' })),
    });
    renderFlow(at('code'));
    await screen.findByTestId('code-box-0');
    await clickButton('Continuar');
    expect(await screen.findByText('El código debe tener 6 dígitos')).toBeTruthy();
    expect(screen.queryByText('Espera un momento')).toBeNull();
    typeCode('abc123');
    expect(await screen.findByText('El código es incorrecto o ya expiró')).toBeTruthy();
    expect(bodiesTo(calls, '/api/verify')[0]).toEqual({ email: EMAIL, code: 'ABC123' });
    await clickButton('Continuar');
    expect(await screen.findByText('Paso 4 de 9')).toBeTruthy();
    expect(bodiesTo(calls, '/api/onboarding/set').at(-1)).toEqual({
      id: RECORD_ID,
      data: { step: 'business', prevStep: 'code' },
    });
  });
});

describe('onboarding: business, website and category', () => {
  it('asks the company name', async () => {
    localStorage.setItem('onboardingId', RECORD_ID);
    const calls = stubServer({
      [`/api/onboarding/${RECORD_ID}`]: ok(record({ step: 'business' })),
      '/api/onboarding/set': ok(record({ step: 'website', businessName: 'Tacos Ana' })),
    });
    renderFlow(at('business'));
    await screen.findByText('Paso 4 de 9');
    await clickButton('Continuar');
    expect(await screen.findByText('Compañia obligatoria')).toBeTruthy();
    type('Nombre del negocio', 'Tacos Ana');
    await clickButton('Continuar');
    expect(await screen.findByText('Paso 5 de 9')).toBeTruthy();
    expect(bodiesTo(calls, '/api/onboarding/set').at(-1)).toEqual({
      id: RECORD_ID,
      data: { businessName: 'Tacos Ana', step: 'website', prevStep: 'business' },
    });
  });

  it('asks whether there is a website and checks it', async () => {
    localStorage.setItem('onboardingId', RECORD_ID);
    const calls = stubServer({
      [`/api/onboarding/${RECORD_ID}`]: ok(record({ step: 'website' })),
      '/api/onboarding/set': ok(record({ step: 'businessCategory' })),
    });
    renderFlow(at('website'));
    await screen.findByText('Paso 5 de 9');
    await clickButton('Continuar');
    expect(await screen.findByText('Selecciona una opción')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Sí'));
    await screen.findByLabelText('Sitio web');
    type('Sitio web', 'tacos');
    expect(await screen.findByText('Sitio web inválido')).toBeTruthy();
    type('Sitio web', 'tacosana.mx');
    await clickButton('Continuar');
    expect(await screen.findByText('Paso 6 de 9')).toBeTruthy();
    expect(bodiesTo(calls, '/api/onboarding/set').at(-1)).toEqual({
      id: RECORD_ID,
      data: { hasWebsite: true, businessWeb: 'tacosana.mx', step: 'businessCategory', prevStep: 'website' },
    });
  });

  it('offers the 15 categories in Spanish', async () => {
    localStorage.setItem('onboardingId', RECORD_ID);
    const calls = stubServer({
      [`/api/onboarding/${RECORD_ID}`]: ok(record({ step: 'businessCategory' })),
      '/api/onboarding/set': ok(record({ step: 'email' })),
    });
    renderFlow(at('businessCategory'));
    await screen.findByText('Paso 6 de 9');
    await clickButton('Continuar');
    expect(await screen.findByText('Selecciona una opción')).toBeTruthy();
    fireEvent.mouseDown(screen.getByLabelText('Categoría'));
    expect(await screen.findByTitle('Sin fines de lucro')).toBeTruthy();
    expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(15);
    fireEvent.click(screen.getByTitle('Restaurante'));
    await clickButton('Continuar');
    expect(await screen.findByText('Paso 7 de 9')).toBeTruthy();
    expect(screen.getByTestId('verified-email')).toHaveProperty('value', EMAIL);
    expect(bodiesTo(calls, '/api/onboarding/set').at(-1)).toEqual({
      id: RECORD_ID,
      data: { businessCategory: 'restaurant', step: 'email', prevStep: 'businessCategory' },
    });
  });
});

describe('onboarding: the password and the account', () => {
  it('checks the password and its confirmation, registers with the record, stores the token and offers the plans', async () => {
    localStorage.setItem('onboardingId', RECORD_ID);
    localStorage.setItem('referralCode', 'AMIGO-22');
    const calls = stubServer({
      [`/api/onboarding/${RECORD_ID}`]: ok(record({ step: 'password' })),
      '/api/register': ok({ token: 'jwt-nuevo' }),
    });
    renderFlow(at('password'));
    await screen.findByText('Paso 8 de 9');
    await clickButton('Crear cuenta');
    expect(await screen.findByText('Contraseña obligatoria')).toBeTruthy();
    type('Contraseña', 'corta1');
    expect(await screen.findByText('la contraseña debe contener al menos 8 caracteres')).toBeTruthy();
    type('Contraseña', 'Segura123');
    type('Confirma tu contraseña', 'Segura124');
    expect(await screen.findByText('Las contraseñas deben coincidir')).toBeTruthy();
    type('Confirma tu contraseña', 'Segura123');
    await clickButton('Crear cuenta');
    expect(await screen.findByText('Tu cuenta está lista')).toBeTruthy();
    expect(bodiesTo(calls, '/api/register')).toEqual([
      { email: EMAIL, password: 'Segura123', onboardingId: RECORD_ID },
    ]);
    expect(localStorage.getItem('token')).toBe('jwt-nuevo');
    expect(localStorage.getItem('onboardingId')).toBeNull();
    expect(localStorage.getItem('referralCode')).toBeNull();
    expect(screen.getByText('Paso 9 de 9')).toBeTruthy();
    await clickButton('Elegir mi plan');
    expect(await screen.findByText('Página de planes')).toBeTruthy();
  });

  it('shows the onboarding error text when the server fails', async () => {
    localStorage.setItem('onboardingId', RECORD_ID);
    stubServer({
      [`/api/onboarding/${RECORD_ID}`]: ok(record({ step: 'business' })),
      '/api/onboarding/set': { status: 500, body: { code: 'INTERNAL_SERVER_ERROR' } },
    });
    renderFlow(at('business'));
    await screen.findByText('Paso 4 de 9');
    type('Nombre del negocio', 'Tacos Ana');
    await clickButton('Continuar');
    expect(await screen.findByText('Ha ocurrido un error, inténtalo de nuevo más tarde.')).toBeTruthy();
    expect(currentLocation()).toBe(at('business'));
  });
});
