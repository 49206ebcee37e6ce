import { describe, expect, it } from 'vitest';
import {
  CHANNEL_PLATFORMS,
  channelPlatformLabel,
  isPhoneBased,
  platformLabel,
  platformOf,
  platformsWhere,
  replyWindowOf,
  sendsTemplates,
} from './platforms';

describe('platform table', () => {
  it('describes every platform and answers safely for unknown values', () => {
    for (const platform of CHANNEL_PLATFORMS) expect(platformOf(platform)).not.toBeNull();
    expect(platformOf('fax')).toBeNull();
    expect(isPhoneBased('fax')).toBe(false);
    expect(platformLabel('fax')).toBe('Canal');
  });

  it('says which platforms are phone-based, send templates and have which window', () => {
    expect(platformsWhere((p) => p.phoneBased)).toEqual(['whatsapp_cloud', 'dialog360', 'sms', 'sandbox']);
    expect(platformsWhere((p) => p.templates)).toEqual(['whatsapp_cloud', 'dialog360', 'sandbox']);
    expect(platformsWhere((p) => !p.listedInInbox)).toEqual(['sms']);
    expect(sendsTemplates('messenger')).toBe(false);
    expect(replyWindowOf('messenger')).toBe('messenger');
    expect(replyWindowOf('sandbox')).toBe('whatsapp');
    expect(replyWindowOf('sms')).toBeNull();
  });

  it('gives one label per platform for agents and one for administrators', () => {
    expect(platformLabel('dialog360')).toBe('WhatsApp');
    expect(channelPlatformLabel('dialog360')).toBe('WhatsApp (360dialog)');
    expect(platformLabel('sandbox')).toBe('WhatsApp de prueba');
    expect(channelPlatformLabel('sandbox')).toBe('WhatsApp de prueba');
  });
});
