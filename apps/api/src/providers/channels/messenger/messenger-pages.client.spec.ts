import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closedPortUrl, fixtureJson, rejection } from '../whatsapp-cloud/__fixtures__/fake-provider-server';
import { FakeGraphServer, formOf } from './__fixtures__/fake-graph-server';
import { appSecretProof } from './messenger.client';
import { MESSENGER_SUBSCRIBED_FIELDS, MessengerPagesClient } from './messenger-pages.client';

const APP_ID = '138483919580948';
const APP_SECRET = 'messenger-app-secret';
const NOW = Date.parse('2025-03-01T12:00:00Z');

describe('MessengerPagesClient', () => {
  let fake: FakeGraphServer;
  let client: MessengerPagesClient;

  beforeAll(async () => {
    fake = await FakeGraphServer.start();
    client = new MessengerPagesClient({
      graphUrl: `${fake.url}/v26.0/`,
      appId: APP_ID,
      appSecret: APP_SECRET,
      now: () => NOW,
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('exchanges a user token for a long-lived one with the app id and secret', async () => {
    fake.on('GET', /\/oauth\/access_token$/, {
      status: 200,
      body: fixtureJson(__dirname, 'long-lived-token.json'),
    });
    const token = await client.exchangeUserToken('EAAShortLived');
    expect(token).toEqual({
      token: 'EAAGm0PX4ZCpsBALongLivedUserToken',
      expiresAt: new Date(NOW + 5183944 * 1000),
    });
    const [request] = fake.requests;
    expect(request.path).toBe('/v26.0/oauth/access_token');
    expect(Object.fromEntries(request.query)).toEqual({
      grant_type: 'fb_exchange_token',
      client_id: APP_ID,
      client_secret: APP_SECRET,
      fb_exchange_token: 'EAAShortLived',
    });
  });

  it('turns an expired user token into an auth error that is not retried', async () => {
    fake.on('GET', /\/oauth\/access_token$/, {
      status: 400,
      body: fixtureJson(__dirname, 'error-token-invalid.json'),
    });
    const error = await rejection(client.exchangeUserToken('EAAExpired'));
    expect(error).toMatchObject({ code: 'PROVIDER_AUTH_ERROR', retryable: false, providerCode: 190 });
  });

  it('lists the Pages with their tokens and pictures, following the cursor, with the appsecret_proof', async () => {
    const first = fixtureJson(__dirname, 'page-accounts.json') as Record<string, unknown>;
    fake.once('GET', /\/me\/accounts$/, {
      status: 200,
      body: {
        ...first,
        paging: {
          cursors: { after: 'CURSOR2' },
          next: 'https://graph.facebook.com/v26.0/me/accounts?after=CURSOR2',
        },
      },
    });
    fake.once('GET', /\/me\/accounts$/, {
      status: 200,
      body: { data: [{ id: '555', name: 'Sin permisos' }], paging: { cursors: { after: 'END' } } },
    });
    const pages = await client.listPages('EAALongLived');
    expect(pages).toEqual([
      {
        pageId: '1029384756473829',
        name: 'Tienda Lupita',
        pageToken: 'EAAGm0PX4ZCpsBAPageTokenTienda',
        pictureUrl: 'https://scontent.xx.fbcdn.net/v/t39.30808-1/tienda-lupita.jpg',
      },
      { pageId: '555', name: 'Sin permisos', pageToken: null, pictureUrl: null },
    ]);
    const [page1, page2] = fake.to('GET', /\/me\/accounts$/);
    expect(Object.fromEntries(page1.query)).toEqual({
      fields: 'id,name,access_token,picture{url}',
      limit: '100',
      access_token: 'EAALongLived',
      appsecret_proof: appSecretProof('EAALongLived', APP_SECRET),
    });
    expect(page2.query.get('after')).toBe('CURSOR2');
  });

  it('subscribes a Page to its webhook fields with the Page token in the form body', async () => {
    fake.on('POST', /\/subscribed_apps$/, {
      status: 200,
      body: fixtureJson(__dirname, 'subscribed-apps.json'),
    });
    await client.subscribePage('1029384756473829', 'EAAPageToken');
    const request = fake.last();
    expect(request.path).toBe('/v26.0/1029384756473829/subscribed_apps');
    expect(request.query.toString()).toBe('');
    expect(formOf(request)).toEqual({
      subscribed_fields: MESSENGER_SUBSCRIBED_FIELDS.join(','),
      access_token: 'EAAPageToken',
      appsecret_proof: appSecretProof('EAAPageToken', APP_SECRET),
    });
    expect(MESSENGER_SUBSCRIBED_FIELDS).toEqual(
      expect.arrayContaining(['messages', 'conversations', 'messaging_postbacks']),
    );
  });

  it('reports a refused subscription as the provider error', async () => {
    fake.on('POST', /\/subscribed_apps$/, {
      status: 403,
      body: fixtureJson(__dirname, 'error-subscribe-permission.json'),
    });
    const error = await rejection(client.subscribePage('1', 'EAAPageToken'));
    expect(error.code).toBe('PROVIDER_AUTH_ERROR');
    expect(error.info).toContain('pages_messaging');
  });

  it('reads when a Page token stops giving access from debug_token, with the app token', async () => {
    fake.on('GET', /\/debug_token$/, { status: 200, body: fixtureJson(__dirname, 'debug-token.json') });
    expect(await client.tokenExpiry('EAAPageToken')).toEqual(new Date(1576687825 * 1000));
    expect(Object.fromEntries(fake.last().query)).toEqual({
      input_token: 'EAAPageToken',
      access_token: `${APP_ID}|${APP_SECRET}`,
    });
    fake.on('GET', /\/debug_token$/, { status: 200, body: { data: { is_valid: true, expires_at: 0 } } });
    expect(await client.tokenExpiry('EAAPageToken')).toBeNull();
    fake.on('GET', /\/debug_token$/, { status: 200, body: { data: { is_valid: false } } });
    expect((await rejection(client.tokenExpiry('EAAPageToken'))).code).toBe('PROVIDER_AUTH_ERROR');
  });

  it('fails retryably when Graph cannot be reached', async () => {
    const down = new MessengerPagesClient({
      graphUrl: await closedPortUrl(),
      appId: APP_ID,
      appSecret: APP_SECRET,
    });
    const error = await rejection(down.listPages('EAAToken'));
    expect(error).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', retryable: true });
    expect(error.info).not.toContain('EAAToken');
  });
});
