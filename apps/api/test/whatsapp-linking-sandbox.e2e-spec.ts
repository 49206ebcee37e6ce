import { CompanyStatus } from '@crm/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, outboxFor, registerCompany, startTestApp, type TestApp } from './helpers';
import { nextEvent, openSocket } from './socket-helpers';
import { testSql } from './sql';

// Issue 19, 01 §2.5 on a fresh machine (no 360dialog partner, no Meta app): the sandbox linking, the profile
// form's rules (01 §5), the QR page (01 §9: 40 s) and the booking of an expert's help.

const db = testSql();
const sockets: Socket[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

async function company(status = CompanyStatus.AWAITING_WA_VINCULATION) {
  const { email, token } = await registerCompany(t, 'sandboxlink');
  const [{ companyId }] = await db.query(`SELECT "companyId" FROM users WHERE email = $1`, [email]);
  await db.query(`UPDATE companies SET status = $1 WHERE id = $2`, [status, companyId]);
  return { token, companyId: companyId as number };
}

const post = (path: string, token: string, body: object = {}) =>
  t.http.post(path).set('Authorization', `Bearer ${token}`).send(body);
const get = (path: string, token: string) => t.http.get(path).set('Authorization', `Bearer ${token}`);

function png(width: number, height: number, totalBytes = 64): Buffer {
  const bytes = Buffer.alloc(Math.max(totalBytes, 33));
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).copy(
    bytes,
  );
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

function jpeg(width: number, height: number): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...new Array(14).fill(0)];
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 3, 0, 0, 0];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof, 0xff, 0xd9]);
}

function sendProfile(token: string, fields: Record<string, string>, file?: { bytes: Buffer; name: string }) {
  const req = t.http.post('/api/link-whatsapp/profile').set('Authorization', `Bearer ${token}`);
  for (const [k, v] of Object.entries(fields)) req.field(k, v);
  if (file) req.attach('file', file.bytes, file.name);
  return req;
}

describe('sandbox linking', () => {
  it('is what a machine without provider accounts offers', async () => {
    const { token } = await company();
    expect((await get('/api/link-whatsapp/config', token)).body).toEqual({
      sandbox: true,
      dialog360: null,
      meta: null,
      schedulingUrl: null,
    });
    expect((await post('/api/link-whatsapp', token, { client: 'c', channels: ['x'] })).status).toBe(400);
    expect(
      (await post('/api/link-whatsapp/meta', token, { code: 'c', wabaId: '1', phoneNumberId: '2' })).status,
    ).toBe(400);
  });

  it("links the company's sandbox channel, steps the status and announces it to the company only", async () => {
    const owner = await company();
    const other = await company();
    // The sandbox channel an onboarding sign-up gives the company ('Canal de prueba', no phone).
    const [sandbox] = await db.query(
      `INSERT INTO channels ("companyId", name, platform, "providerId") VALUES ($1, 'Canal de prueba', 'sandbox', $2)
       RETURNING id`,
      [owner.companyId, `sandbox-test-${owner.companyId}-${Date.now()}`],
    );
    const mine = await openSocket(t.baseUrl, owner.token, sockets);
    const theirs = await openSocket(t.baseUrl, other.token, sockets);
    const overheard: unknown[] = [];
    theirs.on('status', (p) => overheard.push(p));
    const announced = nextEvent(mine, 'status');
    const reload = nextEvent<{ companyId: number }>(mine, 'updateUserData');
    const res = await post('/api/link-whatsapp/sandbox', owner.token, { phone: '+5215512340001' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The sandbox channel the sign-up gave the company, not a new one.
    expect(res.body.channels).toEqual([
      { id: sandbox.id, name: 'Canal de prueba', phone: '5215512340001', platform: 'sandbox' },
    ]);
    expect(await announced).toEqual({ success: true, channelIds: [sandbox.id] });
    const [row] = await db.query(`SELECT status, "whatsappLinkedAt" FROM companies WHERE id = $1`, [
      owner.companyId,
    ]);
    expect(row.status).toBe(CompanyStatus.ACTIVE);
    // Linked from now on (a later first payment does not send it back to linking), and its users reload.
    expect(row.whatsappLinkedAt).not.toBeNull();
    expect((await reload).companyId).toBe(owner.companyId);
    const again = await post('/api/link-whatsapp/sandbox', owner.token, {});
    expect(again.body.channels).toEqual(res.body.channels);
    expect(overheard).toEqual([]);
  });

  it('creates a sandbox channel in the default space for a company that has none; a trial stays TRIAL', async () => {
    const owner = await company(CompanyStatus.TRIAL);
    await db.query(`DELETE FROM channels WHERE "companyId" = $1`, [owner.companyId]);
    const res = await post('/api/link-whatsapp/sandbox', owner.token, {});
    expect(res.status).toBe(200);
    const [channel] = res.body.channels;
    expect(channel).toMatchObject({ platform: 'sandbox', phone: expect.stringMatching(/^52155\d{8}$/) });
    const [placed] = await db.query(
      `SELECT s."isDefault" FROM space_channels sc JOIN spaces s ON s.id = sc."spaceId" WHERE sc."channelId" = $1`,
      [channel.id],
    );
    expect(placed.isDefault).toBe(true);
    const [row] = await db.query(`SELECT status FROM companies WHERE id = $1`, [owner.companyId]);
    expect(row.status).toBe(CompanyStatus.TRIAL);
  });

  it('refuses a phone with letters', async () => {
    const { token } = await company();
    const res = await post('/api/link-whatsapp/sandbox', token, { phone: '55-ABC-1234' });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('phone');
  });
});

describe('profile form rules (01 §5)', () => {
  let owner: { token: string; companyId: number };
  beforeAll(async () => {
    owner = await company();
    await post('/api/link-whatsapp/sandbox', owner.token, {});
  });

  const fault = async (fields: Record<string, string>, file?: { bytes: Buffer; name: string }) => {
    const res = await sendProfile(owner.token, fields, file);
    expect(res.status).toBe(400);
    return { field: res.body.field, userMessage: res.body.userMessage };
  };

  it('refuses an image wider than 640, read from its bytes', async () => {
    expect(await fault({}, { bytes: png(641, 10), name: 'ancho.png' })).toEqual({
      field: 'file',
      userMessage: 'La imagen debe ser menor a 640x640',
    });
    expect(await fault({}, { bytes: jpeg(10, 700), name: 'alto.jpg' })).toEqual({
      field: 'file',
      userMessage: 'La imagen debe ser menor a 640x640',
    });
  });

  it('refuses a photo over 15 MB', async () => {
    expect(await fault({}, { bytes: png(100, 100, 16 * 1024 * 1024), name: 'grande.png' })).toEqual({
      field: 'file',
      userMessage: 'La imagen debe ser menor a 15MB',
    });
  });

  it('refuses a gif, and a png that is not one', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    expect((await fault({}, { bytes: gif, name: 'logo.gif' })).field).toBe('file');
    expect((await fault({}, { bytes: Buffer.from('hola'), name: 'logo.png' })).field).toBe('file');
  });

  it('refuses an about of 256 characters and a bad vertical, e-mail or website', async () => {
    expect(await fault({ about: 'a'.repeat(256) })).toEqual({
      field: 'about',
      userMessage: 'La descripción debe tener menos de 256 caracteres',
    });
    expect((await fault({ vertical: 'Florería' })).field).toBe('vertical');
    expect((await fault({ email: 'no-es-correo' })).field).toBe('email');
    expect((await fault({ website: 'florerialuna' })).field).toBe('website');
    expect((await get('/api/link-whatsapp/profile', owner.token)).body.about).toBe('');
  });

  it('stores a valid profile of the sandbox number (640x640 jpeg, about of 255)', async () => {
    const fields = {
      about: 'b'.repeat(255),
      website: 'https://luna.mx',
      vertical: 'Restaurant',
      email: 'hola@luna.mx',
      description: 'Comida casera',
      address: 'Calle 5',
    };
    const res = await sendProfile(owner.token, fields, { bytes: jpeg(640, 640), name: 'foto.jpeg' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ ...fields, photoUrl: expect.stringMatching(/^http/) });
    expect((await get('/api/link-whatsapp/profile', owner.token)).body).toEqual(res.body);
  });
});

describe('QR page', () => {
  it("gives a 40 s wa.me link to the company's number and announces it on phone_{phone}", async () => {
    const owner = await company();
    await post('/api/link-whatsapp/sandbox', owner.token, { phone: '5215512340077' });
    // A socket opened after linking joins the room on connection.
    const socket = await openSocket(t.baseUrl, owner.token, sockets);
    const ready = nextEvent(socket, 'qr');
    const before = Date.now();
    const res = await get('/api/link-whatsapp/qr', owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ phone: '5215512340077', link: 'https://wa.me/5215512340077?text=Hola' });
    const lifetime = Date.parse(res.body.expiresAt) - before;
    expect(lifetime).toBeGreaterThanOrEqual(40_000);
    expect(lifetime).toBeLessThan(45_000);
    expect(await ready).toEqual({ success: true });
  });

  it('answers 404 to a company with no WhatsApp channel', async () => {
    const owner = await company();
    await db.query(`DELETE FROM channels WHERE "companyId" = $1`, [owner.companyId]);
    expect((await get('/api/link-whatsapp/qr', owner.token)).status).toBe(404);
    expect((await get('/api/link-whatsapp/profile', owner.token)).status).toBe(404);
  });
});

describe('booking an expert', () => {
  it('records the booking on the onboarding record or the company and mails support once', async () => {
    const owner = await company();
    // The dev outbox answers its latest mails, newest first: the booking is found by an address of its own.
    const invitee = `duena${process.pid}${Date.now()}@luna.mx`;
    const body = {
      eventStartTime: '2026-12-01T16:00:00.000Z',
      inviteeEmail: invitee,
      inviteeName: 'Dueña Luna',
      eventUri: 'https://api.calendly.com/scheduled_events/ABC',
    };
    const res = await post('/api/onboarding/booking', owner.token, body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      booked: true,
      message:
        'En breve un experto se pondrá en contacto contigo para ayudarte a vincular tu número de WhatsApp.',
    });
    expect((await post('/api/onboarding/booking', owner.token, {})).status).toBe(200);
    const mails = await outboxFor(t, 'soporte@charla.local');
    expect(mails.filter((m) => m.text.includes(invitee))).toHaveLength(1);
    const [row] = await db.query(`SELECT * FROM whatsapp_linking_bookings WHERE "companyId" = $1`, [
      owner.companyId,
    ]);
    expect(row.mailedAt).not.toBeNull();
    expect((await post('/api/onboarding/booking', owner.token, { eventStartTime: 'mañana' })).status).toBe(
      400,
    );
  });

  it('needs writeSpaces, as every linking call', async () => {
    const agent = await login(t, 'agente@demo.local');
    expect((await post('/api/onboarding/booking', agent, {})).status).toBe(403);
    expect((await post('/api/link-whatsapp/sandbox', agent, {})).status).toBe(403);
    expect((await sendProfile(agent, { about: 'x' })).status).toBe(403);
  });
});
