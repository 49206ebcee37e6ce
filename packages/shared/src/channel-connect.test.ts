import { describe, expect, it } from 'vitest';
import {
  dialog360ApiKeyError,
  e164Digits,
  e164PhoneError,
  CHANNEL_CONNECT_MESSAGES as M,
  metaAccessTokenError,
  metaIdError,
  optionalChannelNameError,
  twilioAccountSidError,
  twilioAuthTokenError,
} from './channel-connect';

describe('channel connection form rules', () => {
  it('takes a Twilio Account SID as AC and 32 hexadecimal characters', () => {
    expect(twilioAccountSidError(`AC${'a1'.repeat(16)}`)).toBeNull();
    expect(twilioAccountSidError(' ')).toBe('Campo obligatorio');
    expect(twilioAccountSidError(`SK${'a1'.repeat(16)}`)).toBe(M.accountSid);
    expect(twilioAccountSidError(`AC${'z'.repeat(32)}`)).toBe(M.accountSid);
  });

  it('refuses an auth token with a colon, which would split the stored "accountSid:authToken" wrongly', () => {
    expect(twilioAuthTokenError('0123456789abcdef0123456789abcdef')).toBeNull();
    expect(twilioAuthTokenError('0123456789abcdef:0123456789abcdef')).toBe(M.authToken);
    expect(twilioAuthTokenError('corto')).toBe(M.authToken);
    expect(twilioAuthTokenError(undefined)).toBe('Campo obligatorio');
  });

  it('accepts an international number as copied from a console and keeps its digits', () => {
    expect(e164PhoneError('+1 (555) 712-2661')).toBeNull();
    expect(e164Digits('+1 (555) 712-2661')).toBe('15557122661');
    expect(e164PhoneError('5215512345678')).toBe(M.e164);
    expect(e164PhoneError('+0123456789')).toBe(M.e164);
    expect(e164PhoneError('+52155')).toBe(M.e164);
    expect(e164PhoneError('')).toBe('Teléfono obligatorio');
  });

  it('takes Meta ids as digits and tokens and keys as printable text without spaces', () => {
    expect(metaIdError('106540352242922')).toBeNull();
    expect(metaIdError('-1')).toBe(M.metaId);
    expect(metaAccessTokenError(`EAAG${'x'.repeat(40)}`)).toBeNull();
    expect(metaAccessTokenError('EAAG con espacios que no debe tener')).toBe(M.accessToken);
    expect(dialog360ApiKeyError('Ab12Cd34_AK')).toBeNull();
    expect(dialog360ApiKeyError('<b>¿?</b>')).toBe(M.apiKey);
    expect(dialog360ApiKeyError('x'.repeat(20_000))).toBe(M.apiKey);
  });

  it('lets the channel name be empty (the provider names it) but not too long', () => {
    expect(optionalChannelNameError('')).toBeNull();
    expect(optionalChannelNameError('Ventas SMS')).toBeNull();
    expect(optionalChannelNameError('x'.repeat(121))).toBe('El nombre no debe exceder los 120 caracteres');
  });
});

describe('channel connection form rules at their bounds', () => {
  const sid = `AC${'a1'.repeat(16)}`;
  const token = '0123456789abcdef';

  it('asks for a required value made of spaces only, and lets an optional name be spaces', () => {
    expect(twilioAccountSidError('   ')).toBe('Campo obligatorio');
    expect(twilioAuthTokenError('   ')).toBe('Campo obligatorio');
    expect(e164PhoneError('   ')).toBe('Teléfono obligatorio');
    expect(dialog360ApiKeyError('   ')).toBe('Campo obligatorio');
    expect(metaIdError('   ')).toBe('Campo obligatorio');
    expect(metaAccessTokenError('   ')).toBe('Campo obligatorio');
    expect(dialog360ApiKeyError(null)).toBe('Campo obligatorio');
    expect(optionalChannelNameError('   ')).toBeNull();
    expect(optionalChannelNameError(null)).toBeNull();
  });

  it('reads each value without the spaces or line breaks copied around it', () => {
    expect(twilioAccountSidError(` ${sid}\n`)).toBeNull();
    expect(twilioAuthTokenError(` ${token}\n`)).toBeNull();
    expect(dialog360ApiKeyError(' Ab12Cd34_AK\n')).toBeNull();
    expect(metaIdError(' 106540352242922\n')).toBeNull();
    expect(metaAccessTokenError(` EAAG${'x'.repeat(40)}\n`)).toBeNull();
    expect(optionalChannelNameError(` ${'x'.repeat(120)} `)).toBeNull();
  });

  it('refuses anything before or after the value itself', () => {
    expect(twilioAccountSidError(`x${sid}`)).toBe(M.accountSid);
    expect(twilioAccountSidError(`${sid}0`)).toBe(M.accountSid);
    expect(e164PhoneError('x+5215512345678')).toBe(M.e164);
    expect(e164PhoneError('+5215512345678x')).toBe(M.e164);
    expect(metaIdError('a12345')).toBe(M.metaId);
    expect(metaIdError('12345a')).toBe(M.metaId);
    expect(metaAccessTokenError(`é${'x'.repeat(40)}`)).toBe(M.accessToken);
    expect(metaAccessTokenError(`${'x'.repeat(40)}é`)).toBe(M.accessToken);
  });

  it('takes a channel name of exactly 120 characters', () => {
    expect(optionalChannelNameError('x'.repeat(120))).toBeNull();
  });
});
