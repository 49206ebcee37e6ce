import { describe, expect, it } from 'vitest';
import {
  ALL_ONBOARDING_STEPS,
  isOnboardingStep,
  nextOnboardingStep,
  ONBOARDING_FLOW_STEPS,
  ONBOARDING_MESSAGES,
  onboardingHelpRequestEmail,
  onboardingLeadScore,
  onboardingVideoEmail,
  parseOnboardingData,
} from './onboarding';
import { leadScore } from './rules/lead-score';
import { VALIDATION_MESSAGES } from './rules/validation';

function refused(data: unknown) {
  const result = parseOnboardingData(data);
  if (result.ok) throw new Error(`accepted ${JSON.stringify(data)}`);
  return result.error;
}

describe('onboarding steps', () => {
  it('lists the flow of 01 §2.4 in order and walks it', () => {
    expect(ONBOARDING_FLOW_STEPS).toEqual([
      'name',
      'phone',
      'code',
      'business',
      'website',
      'businessCategory',
      'email',
      'password',
      'welcome',
    ]);
    expect(nextOnboardingStep('name')).toBe('phone');
    expect(nextOnboardingStep('password')).toBe('welcome');
    expect(nextOnboardingStep('welcome')).toBeNull();
    expect(nextOnboardingStep('plan')).toBeNull();
  });
});

describe('parseOnboardingData', () => {
  it('accepts every editable field, trims texts, lowercases the e-mail and drops a client score', () => {
    const result = parseOnboardingData({
      name: '  José Pérez ',
      phone: '5215512345678',
      email: ' Ana@Example.COM ',
      businessName: 'Tacos Pepe',
      businessCategory: 'restaurant',
      businessWeb: 'tacospepe.mx',
      hasWebsite: true,
      planName: 'PRO',
      step: 'businessCategory',
      prevStep: 'website',
      device: 'desktop',
      connSpeedMBps: 55.5,
      location: 'Ciudad de México',
      country: 'MX',
      isUseNewPhone: false,
      messages: 400,
      agents: 3,
      referralCode: 'AMIGO-1',
      score: 0.99,
    });
    expect(result).toEqual({
      ok: true,
      patch: {
        name: 'José Pérez',
        phone: '5215512345678',
        email: 'ana@example.com',
        businessName: 'Tacos Pepe',
        businessCategory: 'restaurant',
        businessWeb: 'tacospepe.mx',
        hasWebsite: true,
        planName: 'PRO',
        step: 'businessCategory',
        prevStep: 'website',
        device: 'desktop',
        connSpeedMBps: 55.5,
        location: 'Ciudad de México',
        country: 'MX',
        isUseNewPhone: false,
        messages: 400,
        agents: 3,
        referralCode: 'AMIGO-1',
      },
    });
  });

  it('answers each bad field with its code, field and the spec’s Spanish text', () => {
    expect(refused({ name: 'Ana 2' })).toEqual({
      code: 'CANNOT_SET_ONBOARDING_USER_DATA',
      field: 'name',
      message: VALIDATION_MESSAGES.specialCharacters,
    });
    expect(refused({ name: '' }).message).toBe(VALIDATION_MESSAGES.nameRequired);
    expect(refused({ phone: '55-ABC' }).message).toBe(VALIDATION_MESSAGES.digitsOnly);
    expect(refused({ phone: '52155' }).message).toBe(VALIDATION_MESSAGES.phoneInvalid);
    expect(refused({ phone: '' }).message).toBe(VALIDATION_MESSAGES.phoneRequired);
    expect(refused({ email: 'ana@' }).message).toBe(VALIDATION_MESSAGES.emailInvalid);
    expect(refused({ businessName: ' ' }).message).toBe(VALIDATION_MESSAGES.companyRequired);
    expect(refused({ businessCategory: 'pets' }).message).toBe(ONBOARDING_MESSAGES.categoryInvalid);
    expect(refused({ businessWeb: 'no es web' }).message).toBe(ONBOARDING_MESSAGES.websiteInvalid);
    expect(refused({ planName: 'GOLD' }).message).toBe(ONBOARDING_MESSAGES.planInvalid);
    expect(refused({ device: 'tablet' }).message).toBe(ONBOARDING_MESSAGES.deviceInvalid);
    expect(refused({ connSpeedMBps: -1 }).message).toBe(ONBOARDING_MESSAGES.speedInvalid);
    expect(refused({ connSpeedMBps: '10' }).message).toBe(ONBOARDING_MESSAGES.speedInvalid);
    expect(refused({ country: 'M3X' }).message).toBe(ONBOARDING_MESSAGES.countryInvalid);
    expect(refused({ hasWebsite: 'yes' }).message).toBe(VALIDATION_MESSAGES.selectOption);
    expect(refused({ messages: 5000 }).message).toBe(ONBOARDING_MESSAGES.messagesInvalid);
    expect(refused({ agents: 6 }).message).toBe(ONBOARDING_MESSAGES.agentsInvalid);
    expect(refused({ referralCode: 'a b' }).message).toBe(ONBOARDING_MESSAGES.referralInvalid);
    expect(refused({ companyId: 3 })).toMatchObject({
      field: 'companyId',
      code: 'CANNOT_SET_ONBOARDING_USER_DATA',
    });
    expect(refused(null).field).toBe('data');
  });

  it('names the step codes of 01 §8 for a bad step or previous step', () => {
    expect(refused({ step: 'checkout' })).toEqual({
      code: 'CANNOT_SET_ONBOARDING_STEP',
      field: 'step',
      message: ONBOARDING_MESSAGES.stepInvalid,
    });
    expect(refused({ step: null }).code).toBe('CANNOT_SET_ONBOARDING_STEP');
    expect(refused({ prevStep: 'nowhere' }).code).toBe('CANNOT_SET_ONBOARDING_PREV_STEP');
  });

  it('refuses the whole object at its first bad field even when others are good', () => {
    expect(refused({ name: 'Ana', businessCategory: 'pets' }).field).toBe('businessCategory');
  });
});

describe('onboardingLeadScore', () => {
  const record = {
    messages: 400,
    agents: 2,
    hasWebsite: true,
    businessWeb: 'tacos.mx',
    device: 'desktop',
    connSpeedMBps: 120,
    country: 'MX',
    referralCode: null,
  };

  it('is leadScore of the record (worked example: 0.578)', () => {
    // ((400/2000)·0.7 + (2/5)·0.3)·0.3 = 0.078; +0.1 web +0.15 desktop +0.2 speed +0.05 MX = 0.578
    expect(onboardingLeadScore(record)).toBe(0.578);
    expect(onboardingLeadScore(record)).toBe(leadScore({ ...record, hasWebsite: true }));
  });

  it('counts unchosen plan sizes as the pricing defaults and a typed website as having one', () => {
    const bare = {
      ...record,
      messages: null,
      agents: null,
      hasWebsite: null,
      device: null,
      connSpeedMBps: null,
    };
    // ((100/2000)·0.7 + (1/5)·0.3)·0.3 = 0.0285; +0.1 web +0.05 slow +0.05 MX
    expect(onboardingLeadScore(bare)).toBe(0.2285);
    expect(onboardingLeadScore({ ...bare, businessWeb: null })).toBe(0.1285);
  });
});

describe('onboardingHelpRequestEmail', () => {
  it('escapes the user’s text in the HTML', () => {
    const mail = onboardingHelpRequestEmail({
      name: '<b>Ana</b>',
      email: 'ana@x.mx',
      phone: null,
      businessName: null,
      companyId: 7,
      step: 'welcome',
    });
    expect(mail.html).toContain('&#60;b&#62;Ana');
    expect(mail.text).toContain('Compañía: 7');
  });
});

describe('isOnboardingStep', () => {
  it('knows the flow steps and the other steps a record may hold, nothing else', () => {
    expect(ALL_ONBOARDING_STEPS).toEqual([
      ...ONBOARDING_FLOW_STEPS,
      'plan',
      'payment',
      'previousOnboarding',
      'useOldNumber',
      'review',
    ]);
    for (const step of ALL_ONBOARDING_STEPS) expect(isOnboardingStep(step), step).toBe(true);
    expect(isOnboardingStep('checkout')).toBe(false);
    expect(isOnboardingStep('')).toBe(false);
    expect(isOnboardingStep(null)).toBe(false);
    expect(isOnboardingStep(['name'])).toBe(false);
  });
  it('walks every step of the flow to the next one', () => {
    const walked = [];
    for (let step: string | null = 'name'; step !== null; step = nextOnboardingStep(step as 'name'))
      walked.push(step);
    expect(walked).toEqual([...ONBOARDING_FLOW_STEPS]);
  });
});

describe('parseOnboardingData, field by field', () => {
  const accepted = (data: Record<string, unknown>) => {
    const result = parseOnboardingData(data);
    if (!result.ok) throw new Error(`refused ${JSON.stringify(data)}: ${result.error.message}`);
    return result.patch;
  };
  const M = ONBOARDING_MESSAGES;

  it('refuses a data that is not an object with the code, field and text', () => {
    const error = {
      code: 'CANNOT_SET_ONBOARDING_USER_DATA',
      field: 'data',
      message: 'No hay datos para guardar',
    };
    for (const data of [null, undefined, 'name', 3, ['name']])
      expect(refused(data), String(data)).toEqual(error);
    expect(accepted({})).toEqual({});
  });

  it('skips undefined fields and the score, and refuses a field it does not know with its text', () => {
    expect(accepted({ name: undefined, score: 1, agents: 2 })).toEqual({ agents: 2 });
    expect(refused({ id: 1 })).toEqual({
      code: 'CANNOT_SET_ONBOARDING_USER_DATA',
      field: 'id',
      message: 'Este dato no se puede guardar en el registro',
    });
  });

  it('keeps names, business names and phones within their lengths', () => {
    expect(accepted({ name: 'a'.repeat(120) })).toEqual({ name: 'a'.repeat(120) });
    expect(refused({ name: 'a'.repeat(121) })).toEqual({
      code: 'CANNOT_SET_ONBOARDING_USER_DATA',
      field: 'name',
      message: 'El nombre es demasiado largo',
    });
    expect(accepted({ businessName: ` ${'b'.repeat(120)} ` })).toEqual({ businessName: 'b'.repeat(120) });
    expect(refused({ businessName: 'b'.repeat(121) }).message).toBe(
      'El nombre de la compañía es demasiado largo',
    );
    expect(refused({ name: 7 }).message).toBe(VALIDATION_MESSAGES.nameRequired);
    expect(refused({ phone: 5215512345678 }).message).toBe(VALIDATION_MESSAGES.phoneRequired);
    expect(refused({ email: 5 }).message).toBe(VALIDATION_MESSAGES.emailRequired);
    expect(accepted({ phone: ' 5215512345678 ' })).toEqual({ phone: '5215512345678' });
  });

  it('takes null or one of the options for the category, plan, device and previous step', () => {
    expect(accepted({ businessCategory: null, planName: null, device: null, prevStep: null })).toEqual({
      businessCategory: null,
      planName: null,
      device: null,
      prevStep: null,
    });
    expect(accepted({ planName: 'BASIC', device: 'mobile', step: 'review' })).toEqual({
      planName: 'BASIC',
      device: 'mobile',
      step: 'review',
    });
    expect(refused({ planName: 'basic' }).message).toBe('Plan inválido');
    expect(refused({ device: 'Desktop' }).message).toBe('Dispositivo inválido');
    expect(refused({ businessCategory: '' }).message).toBe('Categoría inválida');
    expect(refused({ prevStep: 'nowhere' }).message).toBe('Paso de registro inválido');
  });

  it('takes a website of up to 300 characters shaped like one, with or without its scheme', () => {
    expect(accepted({ businessWeb: null, location: null, country: null, referralCode: null })).toEqual({
      businessWeb: null,
      location: null,
      country: null,
      referralCode: null,
    });
    expect(accepted({ businessWeb: '   ' })).toEqual({ businessWeb: null });
    expect(accepted({ businessWeb: ' HTTPS://Tacos.mx/menu ' })).toEqual({
      businessWeb: 'HTTPS://Tacos.mx/menu',
    });
    expect(accepted({ businessWeb: 'http://a.mx' })).toEqual({ businessWeb: 'http://a.mx' });
    const web = (n: number) => `a.mx/${'x'.repeat(n - 5)}`;
    expect(accepted({ businessWeb: web(300) })).toEqual({ businessWeb: web(300) });
    const bad = {
      code: 'CANNOT_SET_ONBOARDING_USER_DATA',
      field: 'businessWeb',
      message: 'Sitio web inválido',
    };
    for (const value of [
      web(301),
      'a.m',
      '.mx',
      'tacos',
      'tacos .mx',
      'a.mx x',
      'x https://a.mx',
      'a.m\u0007x',
      12,
    ]) {
      expect(refused({ businessWeb: value }), String(value)).toEqual(bad);
    }
  });

  it('takes a location of up to 200 characters without control characters', () => {
    expect(accepted({ location: ` ${'l'.repeat(200)} ` })).toEqual({ location: 'l'.repeat(200) });
    expect(accepted({ location: 'Calle 5 #12, Col. Centro' })).toEqual({
      location: 'Calle 5 #12, Col. Centro',
    });
    for (const value of ['l'.repeat(201), 'Centro\u0000', 'Centro\nNorte', true]) {
      expect(refused({ location: value }), String(value)).toEqual({
        code: 'CANNOT_SET_ONBOARDING_USER_DATA',
        field: 'location',
        message: 'Ubicación inválida',
      });
    }
  });

  it('takes a country of 2 to 60 letters and spaces', () => {
    expect(accepted({ country: 'México' })).toEqual({ country: 'México' });
    expect(accepted({ country: 'Estados Unidos' })).toEqual({ country: 'Estados Unidos' });
    expect(accepted({ country: 'c'.repeat(60) })).toEqual({ country: 'c'.repeat(60) });
    for (const value of ['c'.repeat(61), 'M', 'MX-1', 'M\u00007']) {
      expect(refused({ country: value }).message, value).toBe('País inválido');
    }
  });

  it('takes a referral code of up to 60 letters, digits, dashes and underscores', () => {
    expect(accepted({ referralCode: 'Az09_-' })).toEqual({ referralCode: 'Az09_-' });
    expect(accepted({ referralCode: 'r'.repeat(60) })).toEqual({ referralCode: 'r'.repeat(60) });
    for (const value of ['r'.repeat(61), 'amigo!', 'ñandú', 'a.b']) {
      expect(refused({ referralCode: value }).message, value).toBe('Código de referido inválido');
    }
  });

  it('takes yes, no or no answer for the two questions', () => {
    expect(accepted({ hasWebsite: null, isUseNewPhone: true })).toEqual({
      hasWebsite: null,
      isUseNewPhone: true,
    });
    expect(accepted({ hasWebsite: false })).toEqual({ hasWebsite: false });
    expect(refused({ isUseNewPhone: 'no' })).toEqual({
      code: 'CANNOT_SET_ONBOARDING_USER_DATA',
      field: 'isUseNewPhone',
      message: 'Selecciona una opción',
    });
    expect(refused({ hasWebsite: 0 }).message).toBe('Selecciona una opción');
  });

  it('takes a connection speed from 0 to 100,000 MB/s', () => {
    expect(accepted({ connSpeedMBps: 0 })).toEqual({ connSpeedMBps: 0 });
    expect(accepted({ connSpeedMBps: 100_000 })).toEqual({ connSpeedMBps: 100_000 });
    expect(accepted({ connSpeedMBps: null })).toEqual({ connSpeedMBps: null });
    for (const value of [100_000.5, -0.1, Number.NaN, Number.POSITIVE_INFINITY, '5']) {
      expect(refused({ connSpeedMBps: value }), String(value)).toEqual({
        code: 'CANNOT_SET_ONBOARDING_USER_DATA',
        field: 'connSpeedMBps',
        message: 'Velocidad de conexión inválida',
      });
    }
  });

  it("takes whole conversations from 1 to the largest plan's 1,600 and agents from 1 to 5", () => {
    expect(accepted({ messages: 1, agents: 1 })).toEqual({ messages: 1, agents: 1 });
    expect(accepted({ messages: 1600, agents: 5 })).toEqual({ messages: 1600, agents: 5 });
    expect(accepted({ messages: null, agents: null })).toEqual({ messages: null, agents: null });
    for (const value of [0, 1601, 2.5, '100']) {
      expect(refused({ messages: value }), String(value)).toEqual({
        code: 'CANNOT_SET_ONBOARDING_USER_DATA',
        field: 'messages',
        message: 'Número de conversaciones inválido',
      });
    }
    for (const value of [0, 6, 1.5, '2'])
      expect(refused({ agents: value }).message).toBe('Número de agentes inválido');
    expect(M.agentsInvalid).toBe('Número de agentes inválido');
  });
});

describe('onboardingLeadScore, the website question', () => {
  it('counts an empty typed website as none when the question was not answered', () => {
    const record = {
      messages: 100,
      agents: 1,
      hasWebsite: null,
      businessWeb: '',
      device: null,
      connSpeedMBps: null,
      country: 'MX',
      referralCode: null,
    };
    // (100/2000·0.7 + 1/5·0.3)·0.3 = 0.0285; +0.05 slow connection +0.05 MX
    expect(onboardingLeadScore(record)).toBe(0.1285);
    expect(onboardingLeadScore({ ...record, businessWeb: 'a.mx' })).toBe(0.2285);
    expect(onboardingLeadScore({ ...record, businessWeb: 'a.mx', hasWebsite: false })).toBe(0.1285);
  });
});

describe('onboarding e-mails', () => {
  it('sends support every row of the help request, with dashes for what is unknown', () => {
    const mail = onboardingHelpRequestEmail({
      name: null,
      email: 'ana@x.mx',
      phone: null,
      businessName: null,
      companyId: null,
      step: 'phone',
    });
    expect(mail.subject).toBe('Solicitud de ayuda con el registro: ana@x.mx');
    expect(mail.text).toBe(
      'Un cliente nuevo pidió ayuda para terminar su configuración.\nNombre: —\nCorreo: ana@x.mx\nTeléfono: —\nNegocio: —\nCompañía: —\nPaso: phone',
    );
    const full = onboardingHelpRequestEmail({
      name: 'Ana',
      email: 'ana@x.mx',
      phone: '5215512345678',
      businessName: 'Tacos & Co',
      companyId: 0,
      step: 'welcome',
    });
    expect(full.subject).toBe('Solicitud de ayuda con el registro: Tacos & Co');
    expect(full.html).toBe(
      '<p>Un cliente nuevo pidió ayuda para terminar su configuración.</p><ul>' +
        '<li><strong>Nombre:</strong> Ana</li><li><strong>Correo:</strong> ana@x.mx</li>' +
        '<li><strong>Teléfono:</strong> 5215512345678</li><li><strong>Negocio:</strong> Tacos &#38; Co</li>' +
        '<li><strong>Compañía:</strong> 0</li><li><strong>Paso:</strong> welcome</li></ul>',
    );
  });

  it('sends the new user the video link, escaped in the HTML', () => {
    const mail = onboardingVideoEmail('Ana <3', 'https://v.mx/a?b=1&c=2');
    expect(mail.subject).toBe('Video: cómo vincular tu número de WhatsApp');
    expect(mail.text).toBe(
      'Hola Ana <3, Aquí tienes el video con las instrucciones para vincular tu número de WhatsApp: https://v.mx/a?b=1&c=2',
    );
    expect(mail.html).toBe(
      '<p>Hola Ana &#60;3,</p><p>Aquí tienes el video con las instrucciones para vincular tu número de WhatsApp:</p>' +
        '<p><a href="https://v.mx/a?b=1&#38;c=2">https://v.mx/a?b=1&#38;c=2</a></p>',
    );
  });
});
