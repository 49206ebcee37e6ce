import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestApp, type TestApp } from './helpers';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await login(t, 'admin@demo.local');
});
afterAll(async () => {
  await t.close();
});

// Ids are PostgreSQL integers: a number past 2^31 - 1 used to reach the database and come back as a 500.
const TOO_BIG = 3_000_000_000;

describe('ids past the integer range', () => {
  it('refuses an id in the path with a 400 on the id', async () => {
    for (const path of [`/api/deleteSpace/${TOO_BIG}`, '/api/datasheetConfiguration/99999999999']) {
      const res = await t.http.delete(path).set('Authorization', `Bearer ${admin}`);
      expect(res.status, path).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'id' });
      expect(res.body.userMessage).toMatch(/\S/);
    }
    const file = await t.http
      .get(`/api/multimedia/files/${TOO_BIG}/content`)
      .set('Authorization', `Bearer ${admin}`);
    expect(file.status).toBe(400);
    expect(file.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'id',
      userMessage: 'Archivo inválido',
    });
  });

  it('refuses an id in a JSON body with a 400 naming the field', async () => {
    const cases: Array<[string, object, string]> = [
      ['/api/sendToCRM', { clientId: TOO_BIG }, 'clientId'],
      ['/api/tagsCount', { channelId: 1e12 }, 'channelId'],
      ['/api/conversations_by_filter', { agentId: TOO_BIG }, 'agentId'],
      ['/api/conversations_by_filter', { tagsIds: [1, TOO_BIG] }, 'tagsIds'],
      ['/api/conversations_by_filter', { channelsIds: [-1] }, 'channelsIds'],
    ];
    for (const [path, body, field] of cases) {
      const res = await t.http.post(path).set('Authorization', `Bearer ${admin}`).send(body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field });
      expect(res.body.userMessage).toMatch(/\S/);
    }
  });

  it('still accepts the largest id that fits (and answers that it does not exist)', async () => {
    const res = await t.http.delete('/api/deleteSpace/2147483647').set('Authorization', `Bearer ${admin}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
