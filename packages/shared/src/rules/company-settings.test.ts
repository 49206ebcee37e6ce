import { describe, expect, it } from 'vitest';
import { DEFAULT_COMPANY_SETTINGS } from '../company';
import {
  applyCompanySettingsChange,
  COMPANY_SETTING_KEYS,
  companySettingsChangeError,
} from './company-settings';

const withBotAfterDay = {
  ...DEFAULT_COMPANY_SETTINGS,
  isBotActiveAfterDay: true,
  isBotAutoAssignActiveAfterDay: true,
};

describe('company settings changes (02 §3, §4)', () => {
  it('turning off the bot after a day also turns off its auto-assign', () => {
    const next = applyCompanySettingsChange(withBotAfterDay, { isBotActiveAfterDay: false });
    expect(next.isBotActiveAfterDay).toBe(false);
    expect(next.isBotAutoAssignActiveAfterDay).toBe(false);
  });

  it('turning off only the auto-assign leaves the bot on', () => {
    const next = applyCompanySettingsChange(withBotAfterDay, { isBotAutoAssignActiveAfterDay: false });
    expect(next).toMatchObject({ isBotActiveAfterDay: true, isBotAutoAssignActiveAfterDay: false });
  });

  it('turning both on at once is accepted', () => {
    const change = { isBotActiveAfterDay: true, isBotAutoAssignActiveAfterDay: true };
    expect(companySettingsChangeError(DEFAULT_COMPANY_SETTINGS, change)).toBeNull();
    expect(applyCompanySettingsChange(DEFAULT_COMPANY_SETTINGS, change)).toMatchObject(change);
  });

  it('refuses auto-assign after a day while the bot after a day stays off', () => {
    expect(
      companySettingsChangeError(DEFAULT_COMPANY_SETTINGS, { isBotAutoAssignActiveAfterDay: true }),
    ).toMatchObject({ field: 'isBotAutoAssignActiveAfterDay' });
    expect(
      companySettingsChangeError(withBotAfterDay, {
        isBotActiveAfterDay: false,
        isBotAutoAssignActiveAfterDay: true,
      }),
    ).toMatchObject({ field: 'isBotAutoAssignActiveAfterDay' });
  });

  it('changes only the settings named, and ignores anything that is not a boolean setting', () => {
    const next = applyCompanySettingsChange(DEFAULT_COMPANY_SETTINGS, {
      automaticAssignment: true,
      ...({ name: 'x', canUnarchiveConversations: 'no' } as object),
    });
    expect(next).toEqual({ ...DEFAULT_COMPANY_SETTINGS, automaticAssignment: true });
  });

  it('describes every on/off setting of the company exactly once', () => {
    const flags = Object.entries(DEFAULT_COMPANY_SETTINGS)
      .filter(([, value]) => typeof value === 'boolean')
      .map(([key]) => key);
    expect([...COMPANY_SETTING_KEYS].sort()).toEqual(flags.sort());
    expect(flags).not.toContain('templateLanguage');
  });

  it('changes the template language to an offered one and refuses any other, naming the field', () => {
    expect(DEFAULT_COMPANY_SETTINGS.templateLanguage).toBe('es_MX');
    const change = { templateLanguage: 'es_AR' as const };
    expect(companySettingsChangeError(DEFAULT_COMPANY_SETTINGS, change)).toBeNull();
    expect(applyCompanySettingsChange(DEFAULT_COMPANY_SETTINGS, change)).toEqual({
      ...DEFAULT_COMPANY_SETTINGS,
      templateLanguage: 'es_AR',
    });
    for (const bad of ['es-AR', 'klingon', '', 'ES_MX']) {
      const refused = { templateLanguage: bad } as unknown as Partial<typeof DEFAULT_COMPANY_SETTINGS>;
      expect(companySettingsChangeError(DEFAULT_COMPANY_SETTINGS, refused)).toEqual({
        field: 'templateLanguage',
        message: 'Elige un idioma válido para la plantilla.',
      });
      expect(applyCompanySettingsChange(DEFAULT_COMPANY_SETTINGS, refused).templateLanguage).toBe('es_MX');
    }
  });

  it('keeps each tag that disables the menu bot once, and keeps the list when a change leaves it out', () => {
    const current = { ...DEFAULT_COMPANY_SETTINGS, disableBotTagIds: [5] };
    expect(applyCompanySettingsChange(current, { disableBotTagIds: [4, 9, 4] }).disableBotTagIds).toEqual([
      4, 9,
    ]);
    expect(applyCompanySettingsChange(current, { automaticAssignment: true }).disableBotTagIds).toEqual([5]);
    expect(applyCompanySettingsChange(current, { disableBotTagIds: [] }).disableBotTagIds).toEqual([]);
  });
});
