import { describe, expect, it } from 'vitest';
import {
  nextOnboardingStep,
  ONBOARDING_FLOW_STEPS,
  ONBOARDING_MESSAGES,
  onboardingHelpRequestEmail,
  onboardingLeadScore,
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
