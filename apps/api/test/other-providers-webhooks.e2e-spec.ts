import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelsService } from '../src/modules/channels/channels.service';
import { twilioSignature } from '../src/providers/channels/sms/twilio-signature';
import { startTestApp, type TestApp } from './helpers';
import { type TestSql, testSql } from './sql';

const FIXTURES = join(__dirname, '../src/providers/channels');
const SMS_TOKEN = 'test-twilio-auth-token';

let t: TestApp;
let ds: TestSql;
beforeAll(async () => {
  t = await startTestApp({ JOB_POLL_MS: '50', APP_URL: 'https://crm.example.com' });
  ds = testSql();
  const channels = t.app.get(ChannelsService);
  const [{ id: companyId }] = await ds.query(`SELECT id FROM companies WHERE name = 'Otra'`);
  await ds.query(
    `INSERT INTO channels ("companyId", name, platform, "providerId", phone, "accessToken") VALUES
       ($1, '360dialog Otra', 'dialog360', '5215598765432', '5215598765432', $2),
       ($1, 'SMS Otra', 'sms', '15557122661', '15557122661', $3)
     ON CONFLICT DO NOTHING`,
    [
      companyId,
      channels.sealToken('d360-key'),
      channels.sealToken(`ACXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX:${SMS_TOKEN}`),
    ],
  );
});
afterAll(async () => {
  await t.close();
});

describe('POST /webhooks/360dialog', () => {
  it('needs the webhook token header and stores the message once in the owning company', async () => {
    const body = readFileSync(join(FIXTURES, 'dialog360/__fixtures__/message-text.json'), 'utf8');
    const post = (token?: string) => {
      const req = t.http.post('/webhooks/360dialog').set('Content-Type', 'application/json');
      if (token) req.set('X-Webhook-Token', token);
      return req.send(body);
    };
    expect((await post()).status).toBe(401);
    expect((await post('otro')).status).toBe(401);
    expect((await post('dev-360dialog-webhook-token')).status).toBe(200);
    expect((await post('dev-360dialog-webhook-token')).status).toBe(200);
    const rows = await ds.query(
      `SELECT co.name FROM messages m JOIN channels ch ON ch.id = m."channelId" JOIN companies co ON co.id = ch."companyId"
       WHERE ch.platform = 'dialog360' AND m."messageApiId" = $1`,
      [JSON.parse(body).entry[0].changes[0].value.messages[0].id],
    );
    expect(rows).toEqual([{ name: 'Otra' }]);
  });
});

describe('POST /webhooks/sms', () => {
  it('checks the Twilio signature with the number’s own token and stores the SMS once', async () => {
    const body = readFileSync(join(FIXTURES, 'sms/__fixtures__/inbound-sms.txt'), 'utf8').trim();
    const url = 'https://crm.example.com/webhooks/sms';
    const good = twilioSignature(SMS_TOKEN, url, new URLSearchParams(body));
    const post = (signature?: string) => {
      const req = t.http.post('/webhooks/sms').set('Content-Type', 'application/x-www-form-urlencoded');
      if (signature) req.set('X-Twilio-Signature', signature);
      return req.send(body);
    };
    expect((await post()).status).toBe(401);
    expect((await post(twilioSignature('otro-token', url, new URLSearchParams(body)))).status).toBe(401);
    expect((await post(good)).status).toBe(200);
    expect((await post(good)).status).toBe(200);
    const rows = await ds.query(
      `SELECT m.content, c."senderId" FROM messages m JOIN channels ch ON ch.id = m."channelId" JOIN clients c ON c.id = m."clientId"
       WHERE ch.platform = 'sms' AND m."messageApiId" = $1`,
      [new URLSearchParams(body).get('MessageSid')],
    );
    expect(rows).toEqual([{ content: 'Hola, ¿a qué hora abren?', senderId: '5215512345678' }]);
  });
});
