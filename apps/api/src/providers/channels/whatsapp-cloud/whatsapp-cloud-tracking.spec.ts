import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WhatsappCloudAdapter } from './whatsapp-cloud.adapter';
import { toWhatsappMessage } from './whatsapp-cloud.mapper';

// Issue 17: a send carries our reference (biz_opaque_callback_data) and its statuses repeat it, so a send whose answer
// was lost to a crash is recognised instead of sent twice.
// https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages (biz_opaque_callback_data)

const adapter = new WhatsappCloudAdapter({ graphUrl: 'http://127.0.0.1:9', appSecret: 'secret' });

describe('WhatsApp Cloud send tracking', () => {
  it('puts the tracking id in the send body, and nothing when there is none', () => {
    expect(adapter.tracksSends).toBe(true);
    const tracked = toWhatsappMessage({
      to: '+52 1 55 1234 5678',
      content: { type: 'text', text: 'Hola' },
      trackingId: 'crm-message:42',
    });
    expect(tracked).toMatchObject({
      to: '5215512345678',
      type: 'text',
      biz_opaque_callback_data: 'crm-message:42',
    });
    const plain = toWhatsappMessage({ to: '5215512345678', content: { type: 'text', text: 'Hola' } });
    expect(plain).not.toHaveProperty('biz_opaque_callback_data');
  });

  it('reads it back from a status', () => {
    const fixture = JSON.parse(readFileSync(join(__dirname, '__fixtures__/status-sent.json'), 'utf8'));
    fixture.entry[0].changes[0].value.statuses[0].biz_opaque_callback_data = 'crm-message:42';
    const events = adapter.parseWebhook({
      headers: {},
      rawBody: Buffer.from(JSON.stringify(fixture)),
      url: 'http://127.0.0.1/webhooks/whatsapp',
    });
    expect(events).toEqual([expect.objectContaining({ kind: 'status', trackingId: 'crm-message:42' })]);
    const untracked = JSON.parse(readFileSync(join(__dirname, '__fixtures__/status-sent.json'), 'utf8'));
    const [event] = adapter.parseWebhook({
      headers: {},
      rawBody: Buffer.from(JSON.stringify(untracked)),
      url: 'http://127.0.0.1/webhooks/whatsapp',
    });
    expect(event).not.toHaveProperty('trackingId');
  });
});
