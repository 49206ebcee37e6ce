import ExcelJS from 'exceljs';
import type { Socket } from 'socket.io-client';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RealtimeService } from '../src/realtime/realtime.service';
import { gql, login, startTestApp } from './helpers';
import { type InboxTestApp, startInboxTestApp } from './inbox-helpers';
import { nextEvent, openSocket } from './socket-helpers';
import { postWhatsapp, whatsappFixture } from './webhook-helpers';

/**
 * Issue 15 §3, the parts test/phone-privacy.e2e-spec.ts does not drive: the contacts report and its exports, forwards,
 * an event crossing from one API instance to another, and a role that gains or loses canSeePhoneNumber while its
 * user is signed in. Every check has its counterpart for a user who holds the permission and gets the digits, so a
 * check cannot pass because nothing was sent.
 */

let t: InboxTestApp;
let demoSettings: unknown;
const opened: Socket[] = [];
let adminToken: string;
let agentToken: string;
let agentId: number;
let companyId: number;
let spaceId: number;
const createdRoles: number[] = [];
const EMAIL_DOMAIN = 'phone-privacy-more.test';
const PASSWORD = 'Segura123';

const stamp = String(Date.now()).slice(-6);
let seq = 0;
/** A Mexican mobile unique to this run; its last 8 digits ('6', the stamp, a counter) identify it anywhere. */
function newPhone(): string {
  seq += 1;
  expect(seq).toBeLessThan(10);
  return `521556${stamp}${seq}`;
}
const tailOf = (phone: string) => phone.slice(-8);
const digitsOf = (text: string) => text.replace(/\D/g, '');

// Every string and number of an answer, event or file, one by one: digits joined across fields could match falsely.
function texts(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string' || typeof value === 'number') out.push(String(value));
  else if (Array.isArray(value)) for (const item of value) texts(item, out);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) texts(item, out);
  return out;
}

/** Which of these phones show up in the value, in any notation. */
function leaks(value: unknown, phones: string[]): string[] {
  const digits = texts(value).map(digitsOf);
  return phones.filter((phone) => digits.some((text) => text.includes(tailOf(phone))));
}

function now(ageSeconds = 0): string {
  return String(Math.floor(Date.now() / 1000) - ageSeconds);
}

let wamid = 0;
/** A text written in by `from`, without a WhatsApp profile name unless given (the conversation is named by its number). */
async function writeIn(from: string, text: string, { ageSeconds = 0, profile = '' } = {}): Promise<number> {
  wamid += 1;
  const body = whatsappFixture('message-text', {
    '16505551234': from,
    'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=': `wamid.PPM${stamp}.${wamid}`,
    'Sheena Nelson': profile,
    'Does it come in another color?': text,
  }).replace(/"timestamp": "\d+"/g, `"timestamp": "${now(ageSeconds)}"`);
  expect((await postWhatsapp(t, body)).status).toBe(200);
  const [row] = await t.ds.query(`SELECT id FROM clients WHERE "senderId" = $1`, [from]);
  expect(row).toBeDefined();
  return row.id as number;
}

async function assign(clientId: number, userId: number): Promise<void> {
  await t.ds.query(`UPDATE clients SET "agentId" = $2 WHERE id = $1`, [clientId, userId]);
}

/** A Demo user of this role through the team API, signed in. */
async function createUser(name: string, roleId: number): Promise<{ id: number; token: string }> {
  const email = `${name}.${stamp}@${EMAIL_DOMAIN}`;
  const req = t.http.post('/api/user').set('Authorization', `Bearer ${adminToken}`);
  const fields = {
    name: `Usuario ${name}`,
    email,
    phone: '5215512345678',
    rolId: String(roleId),
    password: PASSWORD,
    spacesIds: JSON.stringify([spaceId]),
    isAdminOfIds: JSON.stringify([]),
  };
  for (const [key, value] of Object.entries(fields)) req.field(key, value);
  const res = await req;
  if (res.status !== 201) throw new Error(`creating ${name}: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id as number, token: await login(t, email, PASSWORD) };
}

function closed(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the socket stayed open')), 5000);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** What the web client does on a server-side disconnect (lib/socket.ts): connect again with the same token. */
async function reconnect(socket: Socket): Promise<void> {
  const back = new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  socket.connect();
  await back;
}

interface NewMessageEvent {
  client: { id: number };
  message: { content: string };
}

/** The next newMessage about this conversation whose message says `text` (after the agent's name, if signed). */
function heard(socket: Socket, clientId: number, text: string): Promise<NewMessageEvent> {
  return nextEvent<NewMessageEvent>(
    socket,
    'newMessage',
    8000,
    (p) => p.client.id === clientId && p.message.content.includes(text),
  );
}

beforeAll(async () => {
  t = await startInboxTestApp();
  [{ settings: demoSettings }] = await t.ds.query(`SELECT settings FROM companies WHERE name = 'Demo'`);
  // Conversations stay with whom the test gives them: no agent on duty picks a new one up.
  await t.ds.query(
    `UPDATE companies SET settings = settings || '{"automaticAssignment": false}'::jsonb WHERE name = 'Demo'`,
  );
  adminToken = await login(t, 'admin@demo.local');
  agentToken = await login(t, 'agente@demo.local');
  [{ id: agentId }] = await t.ds.query(`SELECT id FROM users WHERE email = 'agente@demo.local'`);
  [{ companyId, spaceId }] = await t.ds.query(
    `SELECT u."companyId", s.id AS "spaceId" FROM users u
       JOIN spaces s ON s."companyId" = u."companyId" AND s."isDefault" WHERE u.email = 'admin@demo.local'`,
  );
  const [role] = await t.ds.query(
    `SELECT r.name FROM users u JOIN roles r ON r.id = u."roleId" WHERE u.email = 'agente@demo.local'`,
  );
  expect(role.name).toBe('agente');
}, 60_000);

afterAll(async () => {
  for (const socket of opened) socket.close();
  if (!t) return;
  // The run's database is shared with the suites that follow: leave Demo's users, roles and settings as found.
  const created = `SELECT id FROM users WHERE email LIKE '%@${EMAIL_DOMAIN}'`;
  await t.ds.query(`UPDATE clients SET "agentId" = NULL WHERE "agentId" IN (${created})`);
  await t.ds.query(`DELETE FROM users WHERE email LIKE '%@${EMAIL_DOMAIN}'`);
  for (const id of createdRoles) await t.ds.query(`DELETE FROM roles WHERE id = $1`, [id]);
  await t.ds.query(`UPDATE companies SET settings = $1 WHERE name = 'Demo'`, [demoSettings]);
  await t.close();
});

describe('contacts report and exports (issue 15 §3)', () => {
  const phones: string[] = [];
  let tagId: number;
  let manager: { id: number; token: string };

  beforeAll(async () => {
    // 02 §6: exports are for admin, superadmin and Community Manager; this Community Manager may not see phones.
    const [{ id: roleId }] = await t.ds.query(
      `INSERT INTO roles ("companyId", name, key) VALUES ($1, 'Community Manager', $2) RETURNING id`,
      [companyId, `${companyId}-community manager-privacidad-${stamp}`],
    );
    createdRoles.push(roleId);
    await t.ds.query(
      `INSERT INTO role_permissions ("roleId", "permissionId")
       SELECT $1, id FROM permissions WHERE name IN ('readChat', 'agent')`,
      [roleId],
    );
    manager = await createUser('cm', roleId);
    [{ id: tagId }] = await t.ds.query(
      `INSERT INTO tags ("companyId", name, color, key) VALUES ($1, $2, '#123456', $3) RETURNING id`,
      [companyId, `Reporte privado ${stamp}`, `${companyId}-reporte-privado-${stamp}`],
    );
    // One customer without a WhatsApp profile name (named by the number), one with a name.
    for (const profile of ['', 'Cliente Reporte']) {
      const phone = newPhone();
      phones.push(phone);
      const clientId = await writeIn(phone, 'Quiero un reporte', { profile });
      await assign(clientId, manager.id);
      await t.ds.query(`INSERT INTO client_tags ("clientId", "tagId") VALUES ($1, $2)`, [clientId, tagId]);
    }
  });

  function report(token: string) {
    return t.http
      .post('/api/conversations_by_filter')
      .set('Authorization', `Bearer ${token}`)
      .send({ custom: true, first: 50, tagsIds: [tagId] });
  }

  function download(token: string, format: 'csv' | 'xlsx' | 'pdf') {
    return t.http
      .post('/api/contacts/export')
      .set('Authorization', `Bearer ${token}`)
      .send({ format, tagsIds: [tagId] })
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
  }

  /** Every cell of each file, one string each; the PDF's words. */
  async function exported(token: string): Promise<Record<'csv' | 'xlsx' | 'pdf', string[][]>> {
    const csv = await download(token, 'csv');
    expect(csv.status).toBe(200);
    const csvRows = (csv.body as Buffer)
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    const xlsx = await download(token, 'xlsx');
    expect(xlsx.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((xlsx.body as Buffer).buffer as ArrayBuffer);
    const xlsxRows: string[][] = [];
    workbook.worksheets[0].eachRow((row) => {
      const cells: string[] = [];
      row.eachCell((cell) => cells.push(String(cell.value ?? '')));
      xlsxRows.push(cells);
    });
    const pdf = await download(token, 'pdf');
    expect(pdf.status).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.body as Buffer)), {
      mergePages: true,
    });
    return { csv: csvRows, xlsx: xlsxRows, pdf: [text.split(/\s+/)] };
  }

  it('a Community Manager without canSeePhoneNumber gets the rows without any customer digits', async () => {
    const page = await report(manager.token);
    expect(page.status).toBe(200);
    expect(page.body.clients).toHaveLength(2);
    expect(leaks(page.body, phones)).toEqual([]);
    const files = await exported(manager.token);
    // A header and the two contacts.
    expect(files.csv).toHaveLength(3);
    expect(files.xlsx).toHaveLength(3);
    expect(files.csv[0]).not.toContain('Número');
    expect(files.pdf[0]).toContain('Cliente');
    expect(leaks(files, phones)).toEqual([]);
  });

  it('an admin gets the same rows with the numbers', async () => {
    const page = await report(adminToken);
    expect(page.body.clients).toHaveLength(2);
    expect(leaks(page.body, phones)).toEqual(phones);
    const files = await exported(adminToken);
    expect(files.csv[0]).toContain('Número');
    expect(leaks(files.csv, phones)).toEqual(phones);
    expect(leaks(files.xlsx, phones)).toEqual(phones);
    expect(leaks(files.pdf, phones)).toEqual(phones);
  });
});

describe('forwards (issue 15 §3)', () => {
  let source: number;
  let target: number;
  let closedTarget: number;
  let oldPhone: string;
  let newPhoneNumber: string;
  let targetPhone: string;
  let closedPhone: string;
  let messageIds: number[];

  const FORWARD = `mutation($m: [Int!]!, $c: [Int!]!) {
    forwardMessages(messageIds: $m, clientIds: $c) { id clientId content payload sender quotedMsgBody }
  }`;

  beforeAll(async () => {
    oldPhone = newPhone();
    newPhoneNumber = newPhone();
    targetPhone = newPhone();
    closedPhone = newPhone();
    // The source writes, then changes number: the notice names both numbers.
    source = await writeIn(oldPhone, 'Mensaje para reenviar');
    await assign(source, agentId);
    const notice = whatsappFixture('message-system-number-change', {
      '972987654321': oldPhone,
      '972912345678': newPhoneNumber,
      'wamid.xyzxyz==': `wamid.PPM${stamp}.notice`,
    }).replace(/"timestamp": "\d+"/g, `"timestamp": "${now()}"`);
    expect((await postWhatsapp(t, notice)).status).toBe(200);
    target = await writeIn(targetPhone, 'Soy el destino');
    await assign(target, agentId);
    // Written in two days ago: its reply window is closed.
    closedTarget = await writeIn(closedPhone, 'Ventana cerrada', { ageSeconds: 2 * 86_400 });
    await assign(closedTarget, agentId);
    const rows: Array<{ id: number }> = await t.ds.query(
      `SELECT id FROM messages WHERE "clientId" = $1 ORDER BY id`,
      [source],
    );
    messageIds = rows.map((r) => r.id);
    expect(messageIds).toHaveLength(2);
  });

  async function forward(token: string, socket: Socket) {
    const seen: unknown[] = [];
    const record = (event: string, payload: unknown) => seen.push({ event, payload });
    socket.onAny(record);
    const sentBefore = t.graph.requests.length;
    const events = heard(socket, target, 'El cliente cambió su número').catch(() => null);
    const answer = await gql<{ forwardMessages: Array<{ clientId: number; content: string }> }>(
      t,
      token,
      FORWARD,
      { m: messageIds, c: [target] },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.forwardMessages.map((m) => m.clientId)).toEqual([target, target]);
    expect(await events).not.toBeNull();
    // The provider gets the forwards (what the target customer reads).
    const deadline = Date.now() + 5000;
    while (t.graph.requests.length < sentBefore + 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const sent = t.graph.requests.slice(sentBefore).map((r) => JSON.parse(r.body) as unknown);
    expect(sent).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 300));
    socket.offAny(record);
    const closedWindow = await gql(t, token, FORWARD, { m: messageIds, c: [closedTarget] });
    expect(closedWindow.errors?.[0]?.extensions.field).toBe('clientIds');
    return { answer, seen, sent, closedWindow };
  }

  it('a user without canSeePhoneNumber forwards what it sees: no digits in answers, events or what is sent', async () => {
    const socket = await openSocket(t.baseUrl, agentToken, opened);
    const { answer, seen, sent, closedWindow } = await forward(agentToken, socket);
    expect(seen.length).toBeGreaterThan(0);
    const all = [oldPhone, newPhoneNumber, targetPhone, closedPhone];
    expect(leaks(answer, all)).toEqual([]);
    expect(leaks(seen, all)).toEqual([]);
    expect(leaks(sent, [oldPhone, newPhoneNumber])).toEqual([]);
    // The refusal names the closed conversation without its number.
    expect(closedWindow.errors?.[0]?.extensions.userMessage).toContain('ventana de respuesta');
    expect(leaks(closedWindow, all)).toEqual([]);
  });

  it('an admin forwards the notice with its numbers and hears the target’s number', async () => {
    const socket = await openSocket(t.baseUrl, adminToken, opened);
    const { answer, seen, sent, closedWindow } = await forward(adminToken, socket);
    expect(leaks(answer, [oldPhone, newPhoneNumber])).toEqual([oldPhone, newPhoneNumber]);
    expect(leaks(seen, [targetPhone])).toEqual([targetPhone]);
    expect(leaks(sent, [oldPhone, newPhoneNumber])).toEqual([oldPhone, newPhoneNumber]);
    expect(leaks(closedWindow, [closedPhone])).toEqual([closedPhone]);
  });
});

describe('an event from another API instance (issue 15 §3)', () => {
  it('reaches a phoneless socket on the other instance redacted, and an admin socket there in full', async () => {
    const phone = newPhone();
    const clientId = await writeIn(phone, 'Primer mensaje');
    await assign(clientId, agentId);
    const other = await startTestApp();
    try {
      const bus = t.app.get(RealtimeService);
      const deadline = Date.now() + 5000;
      while (bus.peerCount() < 1 || other.app.get(RealtimeService).peerCount() < 1) {
        if (Date.now() > deadline) throw new Error('the instances did not find each other');
        await new Promise((r) => setTimeout(r, 20));
      }
      const agentSocket = await openSocket(other.baseUrl, agentToken, opened);
      const adminSocket = await openSocket(other.baseUrl, adminToken, opened);
      const agentHears = heard(agentSocket, clientId, 'Desde la otra instancia');
      const adminHears = heard(adminSocket, clientId, 'Desde la otra instancia');
      // The webhook lands on the first instance, which has neither socket.
      await writeIn(phone, 'Desde la otra instancia');
      const [toAgent, toAdmin] = await Promise.all([agentHears, adminHears]);
      expect(leaks(toAgent, [phone])).toEqual([]);
      expect(leaks(toAdmin, [phone])).toEqual([phone]);
      agentSocket.close();
      adminSocket.close();
    } finally {
      await other.close();
    }
  });
});

describe('a role that gains or loses canSeePhoneNumber (issue 15 §3)', () => {
  it('reconnects its users’ sockets, which then hear events by the new role', async () => {
    // A set of permissions no other Demo role has, with or without the phone (roles are unique by their set).
    const base = [
      'readChat',
      'agent',
      'readMultimedia',
      'readQuickAnswers',
      'tagConversations',
      'followUp',
      'readTags',
    ];
    const ROLE = `mutation($input: RoleInput!) { createRole(input: $input) { id } }`;
    const UPDATE = `mutation($id: Int!, $input: RoleInput!) { updateRole(id: $id, input: $input) { id permissions } }`;
    const name = `Privacidad ${stamp}`;
    const created = await gql<{ createRole: { id: number } }>(t, adminToken, ROLE, {
      input: { name, permissions: base },
    });
    expect(created.errors).toBeUndefined();
    const roleId = created.data?.createRole.id as number;
    createdRoles.push(roleId);
    const user = await createUser('rol', roleId);
    const phone = newPhone();
    const clientId = await writeIn(phone, 'Hola rol');
    await assign(clientId, user.id);
    const socket = await openSocket(t.baseUrl, user.token, opened);
    const VIEW = `query($id: Int!) { conversation(clientId: $id) { id key senderId name cleanedName } }`;

    const roundTrip = async (text: string) => {
      const event = heard(socket, clientId, text);
      await writeIn(phone, text);
      return { event: await event, view: await gql(t, user.token, VIEW, { id: clientId }) };
    };
    const setPhones = async (allowed: boolean) => {
      const gone = closed(socket);
      const permissions = allowed ? [...base, 'canSeePhoneNumber'] : base;
      const res = await gql<{ updateRole: { permissions: string[] } }>(t, adminToken, UPDATE, {
        id: roleId,
        input: { name, permissions },
      });
      expect(res.errors).toBeUndefined();
      expect(res.data?.updateRole.permissions.includes('canSeePhoneNumber')).toBe(allowed);
      expect(await gone).toBe('io server disconnect');
      await reconnect(socket);
    };

    const before = await roundTrip('Sin permiso');
    expect(before.view.errors).toBeUndefined();
    expect(leaks(before, [phone])).toEqual([]);

    await setPhones(true);
    const gained = await roundTrip('Con permiso');
    expect(leaks(gained.event, [phone])).toEqual([phone]);
    expect(leaks(gained.view, [phone])).toEqual([phone]);

    await setPhones(false);
    const lost = await roundTrip('Otra vez sin permiso');
    expect(leaks(lost, [phone])).toEqual([]);
  });
});
