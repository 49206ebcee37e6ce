import { describe, expect, it } from 'vitest';
import {
  CONTACT_REPORT_COLUMNS,
  canExportContacts,
  contactNameError,
  contactReportColumns,
  firstWord,
  isImportablePhone,
  splitImportTags,
} from './contacts';
import { platformLabel } from './platforms';
import { normalizePhone } from './rules/phone';

describe('contacts rules', () => {
  it('splits import tags by comma, trimmed, without empties or repeats (case aside)', () => {
    expect(splitImportTags(' VIP, Nuevo cliente ,,vip, Promoción  Julio ')).toEqual([
      'VIP',
      'Nuevo cliente',
      'Promoción Julio',
    ]);
    expect(splitImportTags('')).toEqual([]);
    expect(splitImportTags(null)).toEqual([]);
  });

  it('lets only admin, superadmin and Community Manager export', () => {
    expect(canExportContacts('admin')).toBe(true);
    expect(canExportContacts('superadmin')).toBe(true);
    expect(canExportContacts('Community Manager')).toBe(true);
    expect(canExportContacts('agente')).toBe(false);
    expect(canExportContacts('groupadmin')).toBe(false);
  });

  it('keeps the phone column only with canSeePhoneNumber', () => {
    expect(contactReportColumns(true)).toHaveLength(CONTACT_REPORT_COLUMNS.length);
    expect(contactReportColumns(false).map((c) => c.key)).not.toContain('number');
  });

  it('takes the first word of a name, labels platforms, accepts phones of their country', () => {
    expect(firstWord('  María José García')).toBe('María');
    expect(firstWord('   ')).toBeNull();
    expect(platformLabel('whatsapp_cloud')).toBe('WhatsApp');
    expect(platformLabel('messenger')).toBe('Messenger');
    expect(isImportablePhone(normalizePhone('+52 55 1234 5678'))).toBe(true);
    expect(isImportablePhone(normalizePhone('12ab'))).toBe(false);
    expect(isImportablePhone('1234567890123456')).toBe(false);
    expect(isImportablePhone(normalizePhone('54 11 2345 6789'))).toBe(true);
    expect(isImportablePhone('5215512345')).toBe(false);
  });
});

describe('contactNameError (renaming a conversation)', () => {
  it('asks for a name and caps it at 200 characters', () => {
    expect(contactNameError('  ')).toBe('Nombre obligatorio');
    expect(contactNameError('a'.repeat(201))).toBe('El nombre es demasiado largo.');
    expect(contactNameError(` ${'a'.repeat(200)} `)).toBeNull();
  });
});

describe('contact helpers at their bounds', () => {
  it('shows every column but the phone to a viewer who may not see it', () => {
    const keys = (can: boolean) => contactReportColumns(can).map((c) => c.key);
    expect(keys(true)).toEqual(CONTACT_REPORT_COLUMNS.map((c) => c.key));
    expect(keys(false)).toEqual(CONTACT_REPORT_COLUMNS.map((c) => c.key).filter((k) => k !== 'number'));
    expect(keys(false).length).toBe(CONTACT_REPORT_COLUMNS.length - 1);
  });

  it('takes the first word of a name with spaces around, and none of no name', () => {
    expect(firstWord('  María   José ')).toBe('María');
    expect(firstWord(null)).toBeNull();
    expect(firstWord('   ')).toBeNull();
  });
});
