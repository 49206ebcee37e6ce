import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { nextTemplateStatus } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import type { TemplateStatusEvent, WebhookEvent } from '../channel-provider';
import { fixtureBytes } from './__fixtures__/fake-provider-server';
import { signMetaBody } from './meta-signature';
import { WhatsappCloudAdapter } from './whatsapp-cloud.adapter';

// The shared provider fixtures (real payloads gathered from public sources), as the e2e suite reads them.
const SHARED_FIXTURES = join(__dirname, '../../../../../../../shared/fixtures/provider-webhooks.json');

function sharedFixture(id: string): unknown {
  const file = JSON.parse(readFileSync(SHARED_FIXTURES, 'utf8')) as {
    fixtures: Array<{ id: string; body: unknown }>;
  };
  const fixture = file.fixtures.find((f) => f.id === id);
  if (!fixture) throw new Error(`No shared fixture ${id}`);
  return fixture.body;
}

const APP_SECRET = 'meta-app-secret';
const adapter = new WhatsappCloudAdapter({ graphUrl: 'http://unused.invalid', appSecret: APP_SECRET });
const parseBody = (body: string): WebhookEvent[] =>
  adapter.parseWebhook({
    headers: {},
    rawBody: Buffer.from(body),
    url: 'https://crm.example.com/webhooks/whatsapp',
  });

/** A message_template_status_update notification of account 102290129340398 with this value. */
/** `time` null: an entry without it. */
function statusUpdate(value: Record<string, unknown>, time: number | null = 1751247548): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        ...(time === null ? {} : { time }),
        changes: [{ value, field: 'message_template_status_update' }],
      },
    ],
  });
}

describe('WhatsappCloudAdapter.parseWebhook: message_template_status_update', () => {
  it('reads the shared fixture wa.pywa.template_status_update as an approved template', () => {
    const events = parseBody(JSON.stringify(sharedFixture('wa.pywa.template_status_update')));
    expect(events).toEqual([
      {
        kind: 'templateStatus',
        accountId: '102290129340398',
        providerTemplateId: '1689556908129832',
        name: 'order_confirmation',
        language: 'en_US',
        rawStatus: 'APPROVED',
        reason: 'NONE',
        category: 'UTILITY',
        at: new Date(1751247548 * 1000),
      } satisfies TemplateStatusEvent,
    ]);
  });

  it('reads a signed delivery of the local fixture, and the signature still covers its bytes', () => {
    const rawBody = fixtureBytes(__dirname, 'template-status-update.json');
    const request = {
      headers: { 'x-hub-signature-256': signMetaBody(rawBody, APP_SECRET) },
      rawBody,
      url: 'https://crm.example.com/webhooks/whatsapp',
    };
    expect(adapter.verifyWebhook(request)).toBe(true);
    expect(adapter.parseWebhook(request)).toEqual([
      {
        kind: 'templateStatus',
        accountId: '102290129340398',
        providerTemplateId: '1234567890',
        name: 'order_confirmation',
        language: 'es_MX',
        rawStatus: 'APPROVED',
        reason: 'NONE',
        at: new Date(1750263700 * 1000),
      },
    ]);
  });

  it('keeps a rejection’s reason and Meta’s explanation of it', () => {
    const [event] = parseBody(
      statusUpdate({
        event: 'REJECTED',
        message_template_id: 1689556908129835,
        message_template_name: 'abandoned_cart',
        message_template_language: 'es_MX',
        reason: 'INVALID_FORMAT',
        message_template_category: 'MARKETING',
        rejection_info: {
          reason: 'Variable parameters are next to each other.',
          recommendation: 'Add text between the variables.',
        },
      }),
    );
    expect(event).toEqual({
      kind: 'templateStatus',
      accountId: '102290129340398',
      providerTemplateId: '1689556908129835',
      name: 'abandoned_cart',
      language: 'es_MX',
      rawStatus: 'REJECTED',
      reason: 'INVALID_FORMAT',
      detail: 'Variable parameters are next to each other.',
      category: 'MARKETING',
      at: new Date(1751247548 * 1000),
    });
    // What the templates module will do with it: the shared rule moves a submitted template to denied.
    expect(nextTemplateStatus({ status: 'submitted' }, (event as TemplateStatusEvent).rawStatus)).toEqual({
      status: 'denied',
      rawStatus: 'REJECTED',
    });
  });

  it('reads a pause with its description and a deletion whose reason is null', () => {
    const paused = parseBody(
      statusUpdate({
        event: 'PAUSED',
        message_template_id: '1689556908129836',
        message_template_name: 'promo_julio',
        message_template_language: 'es_MX',
        reason: 'NONE',
        other_info: { title: 'FIRST_PAUSE', description: 'Your template has been paused for 3 hours.' },
      }),
    );
    expect(paused[0]).toMatchObject({
      rawStatus: 'PAUSED',
      providerTemplateId: '1689556908129836',
      detail: 'Your template has been paused for 3 hours.',
    });

    const deleted = parseBody(
      statusUpdate(
        {
          event: 'PENDING_DELETION',
          message_template_id: 1689556908129837,
          message_template_name: 'viejo',
          message_template_language: 'es_MX',
          reason: null,
        },
        null,
      ),
    );
    expect(deleted).toEqual([
      {
        kind: 'templateStatus',
        accountId: '102290129340398',
        providerTemplateId: '1689556908129837',
        name: 'viejo',
        language: 'es_MX',
        rawStatus: 'PENDING_DELETION',
        reason: null,
      },
    ]);
  });

  it('reads an id beyond 2^53 as no id rather than a wrong one', () => {
    const body = statusUpdate({
      event: 'APPROVED',
      message_template_id: 1,
      message_template_name: 'grande',
      message_template_language: 'es_MX',
    }).replace('"message_template_id":1', '"message_template_id":98765432109876543210');
    expect(parseBody(body)[0]).toMatchObject({ providerTemplateId: null, name: 'grande' });
  });

  it('drops a change that names no template or status, and keeps the rest of the batch in order', () => {
    const message = JSON.parse(fixtureBytes(__dirname, 'message-text.json').toString('utf8'));
    message.entry.push({
      id: '102290129340398',
      time: 1751247549,
      changes: [
        { field: 'message_template_status_update', value: { message_template_name: 'sin_evento' } },
        {
          field: 'message_template_status_update',
          value: {
            event: 'APPROVED',
            message_template_id: 42,
            message_template_name: 'pedido_listo',
            message_template_language: 'es_MX',
            reason: 'NONE',
          },
        },
      ],
    });
    const events = parseBody(JSON.stringify(message));
    expect(events.map((e) => e.kind)).toEqual(['message', 'templateStatus']);
    expect(events[1]).toMatchObject({ name: 'pedido_listo', providerTemplateId: '42' });
  });
});
