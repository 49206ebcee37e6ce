import { describe, expect, it } from 'vitest';
import {
  COMPANY_STATUSES,
  CompanyStatus,
  companySettings,
  DEFAULT_COMPANY_SETTINGS,
  destinationAfterLogin,
  fillQuickAnswer,
  forcedRoute,
  nonBotSettingKeys,
  PLAN_PERIODS,
  Plan,
  secondFactorDestination,
} from './company';

describe('company enums', () => {
  it('has the 11 statuses of 01 §4 with values equal to names', () => {
    expect(COMPANY_STATUSES).toHaveLength(11);
    for (const status of COMPANY_STATUSES) expect(CompanyStatus[status]).toBe(status);
  });

  it('numbers plans as the spec does', () => {
    expect(Plan.INACTIVE).toBe(0);
    expect(Plan.BASIC).toBe(3);
    expect(Plan.PRO).toBe(5);
    expect(Plan.UNLIMITED).toBe(7);
    expect(PLAN_PERIODS).toEqual(['3_MONTHS', '6_MONTHS', '1_YEAR', '2_YEARS']);
  });
});

describe('destinationAfterLogin', () => {
  it('sends companies awaiting their first payment to /payment', () => {
    expect(destinationAfterLogin(CompanyStatus.AWAITING_FIRST_PAYMENT)).toBe('/payment');
  });

  it('sends companies awaiting WhatsApp linking to /link-whatsapp', () => {
    expect(destinationAfterLogin('AWAITING_WA_VINCULATION')).toBe('/link-whatsapp');
  });

  it('sends paused and inactive companies to the subscription view', () => {
    expect(destinationAfterLogin(CompanyStatus.PAUSED)).toBe('/account');
    expect(destinationAfterLogin(CompanyStatus.INACTIVE)).toBe('/account');
  });

  it('sends everyone else to /chat, including a missing status', () => {
    expect(destinationAfterLogin(CompanyStatus.ACTIVE)).toBe('/chat');
    expect(destinationAfterLogin(CompanyStatus.AWAITING_SUSCRIPTION_PAYMENT)).toBe('/chat');
    expect(destinationAfterLogin(null)).toBe('/chat');
    expect(destinationAfterLogin(undefined)).toBe('/chat');
  });
});

describe('forcedRoute', () => {
  it('forces paused and inactive companies to /account unless they are there', () => {
    expect(forcedRoute(CompanyStatus.PAUSED, '/chat')).toBe('/account');
    expect(forcedRoute(CompanyStatus.INACTIVE, '/payment')).toBe('/account');
    expect(forcedRoute(CompanyStatus.PAUSED, '/account')).toBeNull();
    expect(forcedRoute(CompanyStatus.PAUSED, '/account/?tab=1')).toBeNull();
  });

  it('forces the first payment except on the WhatsApp linking pages', () => {
    expect(forcedRoute(CompanyStatus.AWAITING_FIRST_PAYMENT, '/chat')).toBe('/payment');
    expect(forcedRoute(CompanyStatus.AWAITING_FIRST_PAYMENT, '/payment')).toBeNull();
    expect(forcedRoute(CompanyStatus.AWAITING_FIRST_PAYMENT, '/link-whatsapp')).toBeNull();
    expect(forcedRoute(CompanyStatus.AWAITING_FIRST_PAYMENT, '/link-whatsapp/profile')).toBeNull();
    expect(forcedRoute(CompanyStatus.AWAITING_FIRST_PAYMENT, '/link-whatsappx')).toBe('/payment');
  });

  it('sends any other status away from /payment to /chat', () => {
    expect(forcedRoute(CompanyStatus.ACTIVE, '/payment')).toBe('/chat');
    expect(forcedRoute(CompanyStatus.TRIAL, '/payment?x=1')).toBe('/chat');
  });

  it('leaves other pages alone', () => {
    expect(forcedRoute(CompanyStatus.ACTIVE, '/contacts')).toBeNull();
    expect(forcedRoute(CompanyStatus.AWAITING_WA_VINCULATION, '/spaces')).toBeNull();
  });

  it('forces nothing before the status is known', () => {
    expect(forcedRoute(null, '/payment')).toBeNull();
    expect(forcedRoute(undefined, '/chat')).toBeNull();
    // On /payment any known status other than awaiting the first payment is sent to /chat, so these show the
    // missing status is not read as one.
    expect(forcedRoute(undefined, '/payment')).toBeNull();
    expect(forcedRoute('', '/payment')).toBeNull();
  });

  it('reads the path without its trailing slashes, query or hash', () => {
    expect(forcedRoute(CompanyStatus.PAUSED, '/account//')).toBeNull();
    expect(forcedRoute(CompanyStatus.PAUSED, '/account#plan')).toBeNull();
    expect(forcedRoute(CompanyStatus.ACTIVE, '/payment/')).toBe('/chat');
    expect(forcedRoute(CompanyStatus.AWAITING_FIRST_PAYMENT, '/link-whatsapp/qrcode/?paso=2')).toBeNull();
    expect(forcedRoute(CompanyStatus.AWAITING_FIRST_PAYMENT, '/')).toBe('/payment');
  });
});

describe('secondFactorDestination', () => {
  it('shows the QR until the factor is verified', () => {
    expect(secondFactorDestination('unverified')).toBe('/qr-code');
    expect(secondFactorDestination('verified')).toBe('/two-factor');
  });
});

describe('companySettings', () => {
  it('fills settings a company has not stored with their defaults', () => {
    const settings = companySettings({ sentClientSurveyByDefault: true });
    expect(settings.sentClientSurveyByDefault).toBe(true);
    expect(settings.showClientCloseOption).toBe(DEFAULT_COMPANY_SETTINGS.showClientCloseOption);
    expect(companySettings(null)).toEqual(DEFAULT_COMPANY_SETTINGS);
  });

  it('keeps only the positive whole tag ids that keep the menu bot away', () => {
    expect(
      companySettings({ disableBotTagIds: [3, 0, -2, 2.5, Number.NaN, 2 ** 53, 7] }).disableBotTagIds,
    ).toEqual([3, 7]);
    const broken = { disableBotTagIds: 'all' } as unknown as Partial<typeof DEFAULT_COMPANY_SETTINGS>;
    expect(companySettings(broken).disableBotTagIds).toEqual([]);
    expect(companySettings({}).disableBotTagIds).toEqual([]);
  });

  it('reads a stored template language, and one no longer offered as the default', () => {
    expect(companySettings({ templateLanguage: 'pt_BR' }).templateLanguage).toBe('pt_BR');
    const retired = { templateLanguage: 'xx_YY' } as unknown as Partial<typeof DEFAULT_COMPANY_SETTINGS>;
    expect(companySettings(retired).templateLanguage).toBe('es_MX');
  });
});

describe('nonBotSettingKeys (issue 17)', () => {
  it('names the settings a change touches that only writeCompany may change', () => {
    expect(
      nonBotSettingKeys({
        automaticAssignment: true,
        isBotActiveAfterDay: true,
        includeAdsTags: false,
        disableBotTagIds: [4],
      }),
    ).toEqual(['automaticAssignment', 'includeAdsTags']);
  });

  it('lets every bot setting through, and ignores settings left out as undefined or null', () => {
    expect(
      nonBotSettingKeys({
        isBotAutoAssignActive: true,
        isBotAutoAssignActiveAfterDay: false,
        isBotActiveAfterDay: true,
        isWelcomeMessageActive: false,
        sentClientSurveyByDefault: true,
        disableBotTagIds: [],
        automaticAssignment: undefined,
        includeAdsTags: null,
      }),
    ).toEqual([]);
    expect(nonBotSettingKeys({})).toEqual([]);
  });
});

describe('fillQuickAnswer', () => {
  it('fills every lead-name and agent-name placeholder', () => {
    expect(
      fillQuickAnswer('Hola {{nombre_cliente}}, soy {{nombre_agente}}. {{nombre_cliente}}, ¿seguimos?', {
        leadName: 'Ana',
        agentName: 'Luis',
      }),
    ).toBe('Hola Ana, soy Luis. Ana, ¿seguimos?');
    expect(fillQuickAnswer('Sin marcas', { leadName: 'Ana', agentName: 'Luis' })).toBe('Sin marcas');
  });
});
