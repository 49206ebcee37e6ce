import {
  BOARD_MESSAGES,
  BOARD_UPDATED_EVENT,
  type BoardUpdatedPayload,
  type BoardView,
  INPUT_MESSAGES,
} from '@crm/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestApp, type TestApp } from './helpers';
import { nextEvent, openSocket } from './socket-helpers';
import { type TestSql, testSql } from './sql';
import { addChannel, newCompany, uniqueNumber } from './template-helpers';

// Issue 21, boards (02 §2, §3, §6, §7; 01 §2.2): every route with its permissions (owner, member, guest, outsider,
// superadmin, another company, boards switched off), bad input, the server-kept order under 20 racing moves, the
// column follow-up scheduled on entry (text inside the reply window, the template outside it), phones only with
// canSeePhoneNumber, and the live event to the board's users only.

interface Person {
  id: number;
  token: string;
}

let t: TestApp;
let ds: TestSql;
const sockets: Socket[] = [];

// Company A: the superadmin who registered it; Ana (sees phones) owns the boards, Beto is a member, Carla a guest,
// Darío an outsider (no canSeePhoneNumber for the last three).
let companyA: number;
let superadmin: Person;
let ana: Person;
let beto: Person;
let carla: Person;
let dario: Person;
let wa: number;
let templateId: number;
/** Contacts of A, by key; their phones by key. */
const contacts: Record<string, number> = {};
const phones: Record<string, string> = {};
// Company B: its own board, column, card and contact, for the cross-company refusals.
let companyB: number;
let bOwner: Person;
let bBoard: BoardView;
let bClient: number;

function api(token: string, method: 'get' | 'post' | 'put' | 'delete', path: string) {
  return t.http[method](`/api${path}`).set('Authorization', `Bearer ${token}`);
}

async function person(companyId: number, roleId: number, name: string): Promise<Person> {
  const email = `${name.toLowerCase()}-${companyId}-${uniqueNumber()}@tableros.test`;
  const [row] = await ds.query(
    `INSERT INTO users ("companyId", "roleId", name, email, "passwordHash")
     SELECT "companyId", $1, $2, $3, "passwordHash" FROM users WHERE "companyId" = $4 ORDER BY id LIMIT 1
     RETURNING id`,
    [roleId, name, email, companyId],
  );
  return { id: row.id as number, token: await login(t, email, 'Segura123') };
}

async function role(companyId: number, name: string, permissions: string[]): Promise<number> {
  const [row] = await ds.query(
    `INSERT INTO roles ("companyId", name, key) VALUES ($1, $2, $3) RETURNING id`,
    [companyId, name, `${companyId}${name}`],
  );
  await ds.query(
    `INSERT INTO role_permissions ("roleId", "permissionId") SELECT $1, id FROM permissions WHERE name = ANY($2)`,
    [row.id, permissions],
  );
  return row.id as number;
}

/** A WhatsApp contact whose reply window closes `windowMinutes` from now (null: never opened). */
async function contact(
  companyId: number,
  channelId: number,
  name: string | null,
  windowMinutes: number | null,
  agentId: number | null = null,
): Promise<{ id: number; phone: string }> {
  const phone = `521558${String(uniqueNumber()).slice(-7)}`;
  const [row] = await ds.query(
    `INSERT INTO clients ("companyId", "channelId", key, "senderId", name, "agentId", "windowExpiresAt")
     VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::int IS NULL THEN NULL ELSE now() + make_interval(mins => $7::int) END)
     RETURNING id`,
    [companyId, channelId, `${channelId}-${phone}`, phone, name, agentId, windowMinutes],
  );
  return { id: row.id as number, phone };
}

async function createBoard(token: string, body: Record<string, unknown>): Promise<BoardView> {
  const res = await api(token, 'post', '/boards').send(body);
  if (res.status !== 201) throw new Error(`POST /boards: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as BoardView;
}

async function addCard(token: string, boardId: number, body: Record<string, unknown>): Promise<BoardView> {
  const res = await api(token, 'post', `/boards/${boardId}/items`).send(body);
  if (res.status !== 201) throw new Error(`POST items: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as BoardView;
}

async function getBoard(token: string, boardId: number): Promise<BoardView> {
  const res = await api(token, 'get', `/boards/${boardId}`);
  if (res.status !== 200) throw new Error(`GET board: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as BoardView;
}

function cardOf(view: BoardView, clientId: number) {
  for (const column of view.columns) {
    const card = column.items.find((item) => item.clientId === clientId);
    if (card) return { column, card };
  }
  throw new Error(`client ${clientId} not on board ${view.id}`);
}

async function followUpsOf(clientId: number) {
  return ds.query(
    `SELECT content, "templateId", variables, "agentId", status, extract(epoch from "sendAt" - now())::int AS "inSeconds"
       FROM follow_up_messages WHERE "clientId" = $1 ORDER BY id`,
    [clientId],
  );
}

beforeAll(async () => {
  t = await startTestApp();
  ds = testSql();
  const a = await newCompany(t, ds, 'tablerosa');
  companyA = a.companyId;
  await ds.query(`UPDATE companies SET "isBoardsActive" = true WHERE id = $1`, [companyA]);
  const [owner] = await ds.query(
    `SELECT u.id, r.name AS role FROM users u JOIN roles r ON r.id = u."roleId" WHERE u."companyId" = $1`,
    [companyA],
  );
  expect(owner.role).toBe('superadmin');
  superadmin = { id: owner.id as number, token: a.token };
  const seesPhones = await role(companyA, 'vendedor-tel', ['agent', 'readChat', 'canSeePhoneNumber']);
  const plain = await role(companyA, 'vendedor', ['agent', 'readChat']);
  ana = await person(companyA, seesPhones, 'Ana');
  beto = await person(companyA, plain, 'Beto');
  carla = await person(companyA, plain, 'Carla');
  dario = await person(companyA, plain, 'Dario');
  wa = await addChannel(t, ds, companyA, 'whatsapp_cloud', String(uniqueNumber()), 'token-wa');
  const [template] = await ds.query(
    `INSERT INTO whatsapp_templates ("companyId", "channelId", name, language, status, variables, components)
     VALUES ($1, $2, 'seguimiento_tablero', 'es_MX', 'accepted', 0, $3) RETURNING id`,
    [companyA, wa, JSON.stringify([{ type: 'BODY', text: 'Hola, ¿seguimos con tu compra?' }])],
  );
  templateId = template.id as number;
  for (const [key, name, window] of [
    ['pedro', 'Pedro Páramo', 48 * 60],
    ['sinNombre', null, 48 * 60],
    ['lucia', 'Lucía', 48 * 60],
    ['cerrada', 'Ventana Cerrada', 10],
  ] as const) {
    const made = await contact(companyA, wa, name, window, key === 'pedro' ? ana.id : null);
    contacts[key] = made.id;
    phones[key] = made.phone;
  }
  const [tag] = await ds.query(
    `INSERT INTO tags ("companyId", name, color, key) VALUES ($1, 'VIP', '#ff0000', $2) RETURNING id`,
    [companyA, `${companyA}vip`],
  );
  await ds.query(`INSERT INTO client_tags ("clientId", "tagId") VALUES ($1, $2)`, [contacts.pedro, tag.id]);

  const b = await newCompany(t, ds, 'tablerosb');
  companyB = b.companyId;
  await ds.query(`UPDATE companies SET "isBoardsActive" = true WHERE id = $1`, [companyB]);
  const [bRow] = await ds.query(`SELECT id FROM users WHERE "companyId" = $1`, [companyB]);
  bOwner = { id: bRow.id as number, token: b.token };
  const bChannel = await addChannel(t, ds, companyB, 'whatsapp_cloud', String(uniqueNumber()), 'token-wb');
  bClient = (await contact(companyB, bChannel, 'Cliente B', 60)).id;
  bBoard = await createBoard(bOwner.token, { name: 'Embudo B', columns: [{ name: 'Uno' }, { name: 'Dos' }] });
  bBoard = await addCard(bOwner.token, bBoard.id, { clientId: bClient, columnId: bBoard.columns[0].id });
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

let board: BoardView;

describe('boards and their sharing', () => {
  it('creates a board owned by the caller, with ordered columns, a follow-up column, members and guests', async () => {
    board = await createBoard(ana.token, {
      name: '  Ventas  ',
      description: 'Embudo de ventas',
      columns: [
        { name: 'Nuevos' },
        {
          name: 'Contactados',
          description: 'Ya hablamos',
          followUpMessage: { text: 'Hola, ¿seguimos con tu compra?', delayMinutes: 30, templateId },
        },
        { name: 'Ganados' },
      ],
      members: [beto.id],
      guests: [carla.id, beto.id],
    });
    expect(board).toMatchObject({
      name: 'Ventas',
      description: 'Embudo de ventas',
      owner: { id: ana.id, name: 'Ana' },
      members: [{ id: beto.id, name: 'Beto' }],
      guests: [{ id: carla.id, name: 'Carla' }],
      access: 'owner',
      contactsCount: 0,
      amounts: 0,
      version: 0,
    });
    expect(board.columns.map((c) => [c.name, c.position, c.items.length])).toEqual([
      ['Nuevos', 0, 0],
      ['Contactados', 1, 0],
      ['Ganados', 2, 0],
    ]);
    expect(board.columns[1].followUpMessage).toEqual({
      text: 'Hola, ¿seguimos con tu compra?',
      delayMinutes: 30,
      templateId,
    });
    expect(board.totals[board.columns[0].id]).toEqual({ count: 0, amount: 0 });
  });

  it('lists the boards each user may see through the three list routes', async () => {
    const ids = async (token: string, path: string) => {
      const res = await api(token, 'get', path);
      expect(res.status, path).toBe(200);
      return (res.body as Array<{ id: number; access: string }>).map((b) => [b.id, b.access]);
    };
    expect(await ids(ana.token, `/boards/user/${ana.id}`)).toEqual([[board.id, 'owner']]);
    expect(await ids(beto.token, `/boards/company/${companyA}`)).toEqual([[board.id, 'member']]);
    expect(await ids(carla.token, `/boards/user/${carla.id}/company/${companyA}`)).toEqual([
      [board.id, 'guest'],
    ]);
    expect(await ids(dario.token, `/boards/user/${dario.id}`)).toEqual([]);
    // 02 §6: the superadmin loads all the company's boards, and may look at any user's list.
    expect(await ids(superadmin.token, `/boards/company/${companyA}`)).toEqual([[board.id, 'superadmin']]);
    expect(await ids(superadmin.token, `/boards/user/${beto.id}`)).toEqual([[board.id, 'superadmin']]);
    expect(await ids(superadmin.token, `/boards/user/${dario.id}/company/${companyA}`)).toEqual([]);
  });

  it("refuses another user's list, another company's list and another company's user", async () => {
    for (const [token, path] of [
      [beto.token, `/boards/user/${ana.id}`],
      [ana.token, `/boards/company/${companyB}`],
      [ana.token, `/boards/user/${ana.id}/company/${companyB}`],
      [superadmin.token, `/boards/user/${bOwner.id}`],
    ] as const) {
      const res = await api(token, 'get', path);
      expect(res.status, path).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    }
  });

  it('answers 403 to outsiders and other companies, and 404 BOARD_NOT_FOUND to an unknown board', async () => {
    expect((await api(dario.token, 'get', `/boards/${board.id}`)).status).toBe(403);
    const other = await api(bOwner.token, 'get', `/boards/${board.id}`);
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('FORBIDDEN');
    expect((await api(bOwner.token, 'put', `/boards/${board.id}`).send({ name: 'Mío' })).status).toBe(403);
    const unknown = await api(ana.token, 'get', '/boards/2000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'BOARD_NOT_FOUND', userMessage: 'El tablero no existe' });
  });

  it('403 BOARDS_DISABLED on every route when the company has boards switched off', async () => {
    await ds.query(`UPDATE companies SET "isBoardsActive" = false WHERE id = $1`, [companyB]);
    try {
      for (const res of [
        await api(bOwner.token, 'get', `/boards/company/${companyB}`),
        await api(bOwner.token, 'get', `/boards/${bBoard.id}`),
        await api(bOwner.token, 'post', '/boards').send({ name: 'Otro' }),
        await api(bOwner.token, 'delete', `/boards/${bBoard.id}`),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('BOARDS_DISABLED');
      }
    } finally {
      await ds.query(`UPDATE companies SET "isBoardsActive" = true WHERE id = $1`, [companyB]);
    }
    expect((await getBoard(bOwner.token, bBoard.id)).contactsCount).toBe(1);
  });
});

describe('cards', () => {
  it('adds contacts as cards (owner and member) with tags, agent, amount and per-column totals', async () => {
    await addCard(beto.token, board.id, {
      clientId: contacts.pedro,
      columnId: board.columns[0].id,
      amount: 1500.5,
    });
    await addCard(ana.token, board.id, {
      clientId: contacts.sinNombre,
      columnId: board.columns[0].id,
      amount: 200.25,
    });
    const view = await addCard(ana.token, board.id, {
      clientId: contacts.lucia,
      columnId: board.columns[2].id,
    });
    expect(view.columns[0].items.map((i) => [i.clientId, i.position, i.amount])).toEqual([
      [contacts.pedro, 0, 1500.5],
      [contacts.sinNombre, 1, 200.25],
    ]);
    expect(view.columns[2].items.map((i) => [i.clientId, i.amount])).toEqual([[contacts.lucia, null]]);
    expect(view.totals[view.columns[0].id]).toEqual({ count: 2, amount: 1700.75 });
    expect(view.totals[view.columns[2].id]).toEqual({ count: 1, amount: 0 });
    expect(view).toMatchObject({ contactsCount: 3, amounts: 1700.75, version: 3 });
    // 02 §3 Board.contacts, Board contact {id, name, email, phone}: the contacts of the cards, in board order.
    expect(view.contacts.map((c) => Object.keys(c).sort())).toEqual(
      view.contacts.map(() => ['email', 'id', 'name', 'phone']),
    );
    expect(view.contacts.map((c) => c.id)).toEqual([contacts.pedro, contacts.sinNombre, contacts.lucia]);
    expect(view.contacts[0]).toMatchObject({ name: 'Pedro Páramo' });
    const pedro = cardOf(view, contacts.pedro).card;
    expect(pedro).toMatchObject({
      name: 'Pedro Páramo',
      tags: [{ name: 'VIP', color: '#ff0000' }],
      agent: { id: ana.id, name: 'Ana' },
    });
  });

  it('shows phones only to users with canSeePhoneNumber', async () => {
    const seen = await getBoard(ana.token, board.id);
    expect(cardOf(seen, contacts.pedro).card.phone).toBe(`+52${phones.pedro.slice(3)}`);
    expect(cardOf(seen, contacts.sinNombre).card.name).toBe(`+52${phones.sinNombre.slice(3)}`);
    const res = await api(beto.token, 'get', `/boards/${board.id}`);
    expect(res.status).toBe(200);
    const hidden = res.body as BoardView;
    expect(cardOf(hidden, contacts.pedro).card.phone).toBeNull();
    expect(cardOf(hidden, contacts.sinNombre).card.name).not.toContain(phones.sinNombre.slice(3));
    expect(res.text).not.toContain(phones.pedro.slice(3));
    expect(res.text).not.toContain(phones.sinNombre.slice(3));
  });

  it('refuses a guest every change, and a member the deletion and the sharing', async () => {
    const card = cardOf(await getBoard(ana.token, board.id), contacts.pedro).card;
    const refusals = [
      await api(carla.token, 'post', `/boards/${board.id}/items`).send({
        clientId: contacts.cerrada,
        columnId: board.columns[0].id,
      }),
      await api(carla.token, 'put', `/boards/${board.id}`).send({ name: 'Invitada' }),
      await api(carla.token, 'post', `/boards/${board.id}/items/${card.id}/move`).send({
        columnId: board.columns[2].id,
        index: 0,
      }),
      await api(carla.token, 'put', `/boards/${board.id}/items/${card.id}`).send({ amount: 1 }),
      await api(carla.token, 'delete', `/boards/${board.id}/items/${card.id}`),
      await api(beto.token, 'delete', `/boards/${board.id}`),
      await api(beto.token, 'put', `/boards/${board.id}`).send({ members: [beto.id, dario.id] }),
    ];
    expect(refusals.map((r) => [r.status, r.body.code])).toEqual(refusals.map(() => [403, 'FORBIDDEN']));
    const view = await getBoard(carla.token, board.id);
    expect(view).toMatchObject({ access: 'guest', name: 'Ventas', contactsCount: 3, version: 3 });
    // A member edits the rest, and may send the sharing back unchanged.
    const renamed = await api(beto.token, 'put', `/boards/${board.id}`).send({
      name: 'Ventas 2026',
      members: [beto.id],
      guests: [carla.id],
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Ventas 2026', access: 'member', version: 4 });
  });

  it("refuses another company's column, card and contact ids with 403, and changes nothing", async () => {
    const card = cardOf(await getBoard(ana.token, board.id), contacts.pedro).card;
    const bColumn = bBoard.columns[0].id;
    const bItem = bBoard.columns[0].items[0].id;
    const refusals = [
      await api(ana.token, 'post', `/boards/${board.id}/items`).send({
        clientId: bClient,
        columnId: board.columns[0].id,
      }),
      await api(ana.token, 'post', `/boards/${board.id}/items`).send({
        clientId: contacts.cerrada,
        columnId: bColumn,
      }),
      await api(ana.token, 'post', `/boards/${board.id}/items/${card.id}/move`).send({
        columnId: bColumn,
        index: 0,
      }),
      await api(ana.token, 'post', `/boards/${board.id}/items/${bItem}/move`).send({
        columnId: board.columns[0].id,
        index: 0,
      }),
      await api(ana.token, 'put', `/boards/${board.id}/items/${bItem}`).send({ amount: 5 }),
      await api(ana.token, 'delete', `/boards/${board.id}/items/${bItem}`),
      await api(ana.token, 'put', `/boards/${board.id}`).send({ columns: [{ id: bColumn, name: 'Mía' }] }),
    ];
    expect(refusals.map((r) => [r.status, r.body.code])).toEqual(refusals.map(() => [403, 'FORBIDDEN']));
    expect((await getBoard(ana.token, board.id)).version).toBe(4);
    expect(await getBoard(bOwner.token, bBoard.id)).toMatchObject({
      contactsCount: 1,
      version: bBoard.version,
    });
  });

  it('answers 400 with the field and a Spanish message on bad input, and changes nothing', async () => {
    const [{ n: before }] = await ds.query(`SELECT count(*)::int AS n FROM boards WHERE "companyId" = $1`, [
      companyA,
    ]);
    const col = board.columns[0].id;
    const cases: Array<[string, 'post' | 'put', Record<string, unknown>, string, string]> = [
      ['/boards', 'post', {}, 'name', BOARD_MESSAGES.nameRequired],
      ['/boards', 'post', { name: '   ' }, 'name', BOARD_MESSAGES.nameRequired],
      ['/boards', 'post', { name: 'x'.repeat(81) }, 'name', BOARD_MESSAGES.nameTooLong],
      [
        '/boards',
        'post',
        { name: 'Muchas', columns: Array.from({ length: 21 }, (_, i) => ({ name: `C${i}` })) },
        'columns',
        BOARD_MESSAGES.tooManyColumns,
      ],
      [
        '/boards',
        'post',
        { name: 'Sin columna', columns: [{ name: ' ' }] },
        'columns.0.name',
        BOARD_MESSAGES.nameRequired,
      ],
      [
        '/boards',
        'post',
        { name: 'Espera', columns: [{ name: 'A', followUpMessage: { text: 'Hola', delayMinutes: -1 } }] },
        'columns.0.followUpMessage.delayMinutes',
        BOARD_MESSAGES.invalidFollowUp,
      ],
      ['/boards', 'post', { name: 'Ajenos', members: [bOwner.id] }, 'members', INPUT_MESSAGES.invalidUser],
      [`/boards/${board.id}`, 'put', { name: '' }, 'name', BOARD_MESSAGES.nameRequired],
      [
        `/boards/${board.id}/items`,
        'post',
        { clientId: contacts.cerrada, columnId: col, amount: -5 },
        'amount',
        BOARD_MESSAGES.invalidAmount,
      ],
      [
        `/boards/${board.id}/items`,
        'post',
        { clientId: contacts.cerrada, columnId: col, amount: 1.234 },
        'amount',
        BOARD_MESSAGES.invalidAmount,
      ],
      [
        `/boards/${board.id}/items`,
        'post',
        { clientId: contacts.cerrada, columnId: 2000000000 },
        'columnId',
        INPUT_MESSAGES.invalidValue,
      ],
      [
        `/boards/${board.id}/items`,
        'post',
        { clientId: contacts.pedro, columnId: col },
        'clientId',
        BOARD_MESSAGES.contactAlreadyOnBoard,
      ],
    ];
    for (const [path, method, body, field, userMessage] of cases) {
      const res = await api(ana.token, method, path).send(body);
      expect(res.status, `${method} ${path} ${field}`).toBe(400);
      expect(res.body, `${method} ${path} ${field}`).toMatchObject({ field, userMessage });
    }
    const [{ n: after }] = await ds.query(`SELECT count(*)::int AS n FROM boards WHERE "companyId" = $1`, [
      companyA,
    ]);
    expect(after).toBe(before);
    expect(await getBoard(ana.token, board.id)).toMatchObject({
      name: 'Ventas 2026',
      contactsCount: 3,
      version: 4,
    });
  });

  it('changes and clears an amount, and removes a card renumbering its column', async () => {
    const card = cardOf(await getBoard(ana.token, board.id), contacts.pedro).card;
    const changed = await api(beto.token, 'put', `/boards/${board.id}/items/${card.id}`).send({
      amount: 99.99,
    });
    expect(changed.status).toBe(200);
    expect(cardOf(changed.body, contacts.pedro).card.amount).toBe(99.99);
    expect(changed.body.totals[board.columns[0].id]).toEqual({ count: 2, amount: 300.24 });
    const cleared = await api(beto.token, 'put', `/boards/${board.id}/items/${card.id}`).send({
      amount: null,
    });
    expect(cardOf(cleared.body, contacts.pedro).card.amount).toBeNull();
    const removed = await api(beto.token, 'delete', `/boards/${board.id}/items/${card.id}`);
    expect(removed.status).toBe(200);
    expect((removed.body as BoardView).columns[0].items.map((i) => [i.clientId, i.position])).toEqual([
      [contacts.sinNombre, 0],
    ]);
    // Back at the end of the column for the tests that follow.
    const back = await addCard(ana.token, board.id, {
      clientId: contacts.pedro,
      columnId: board.columns[0].id,
    });
    expect(back.columns[0].items.map((i) => i.clientId)).toEqual([contacts.sinNombre, contacts.pedro]);
  });
});

describe('moves', () => {
  it('moves a card within and between columns with dense positions, and schedules the follow-up on entry', async () => {
    const start = await getBoard(ana.token, board.id);
    const pedro = cardOf(start, contacts.pedro).card;
    // Within its column: no follow-up.
    const within = await api(beto.token, 'post', `/boards/${board.id}/items/${pedro.id}/move`).send({
      columnId: board.columns[0].id,
      index: 0,
    });
    expect(within.status).toBe(200);
    expect((within.body as BoardView).columns[0].items.map((i) => [i.clientId, i.position])).toEqual([
      [contacts.pedro, 0],
      [contacts.sinNombre, 1],
    ]);
    // Into the follow-up column, past its end (clamped): the message is scheduled as the mover, in the window.
    const into = await api(beto.token, 'post', `/boards/${board.id}/items/${pedro.id}/move`).send({
      columnId: board.columns[1].id,
      index: 50,
    });
    expect(into.status).toBe(200);
    const view = into.body as BoardView;
    expect(view.columns[0].items.map((i) => [i.clientId, i.position])).toEqual([[contacts.sinNombre, 0]]);
    expect(view.columns[1].items.map((i) => [i.clientId, i.position])).toEqual([[contacts.pedro, 0]]);
    expect(view.version).toBe(start.version + 2);
    const [followUp, ...more] = await followUpsOf(contacts.pedro);
    expect(more).toEqual([]);
    expect(followUp).toMatchObject({
      content: 'Hola, ¿seguimos con tu compra?',
      templateId: null,
      agentId: beto.id,
      status: 'scheduled',
    });
    expect(Math.abs(followUp.inSeconds - 30 * 60)).toBeLessThan(60);
    const [flag] = await ds.query(`SELECT "hasFollowUpMessage" FROM clients WHERE id = $1`, [contacts.pedro]);
    expect(flag.hasFollowUpMessage).toBe(true);
  });

  it("sends the column's template when the contact's window will be closed at the follow-up's time", async () => {
    // The window closes in 10 minutes, the follow-up goes in 30: the template.
    await addCard(ana.token, board.id, { clientId: contacts.cerrada, columnId: board.columns[1].id });
    const [followUp] = await followUpsOf(contacts.cerrada);
    expect(followUp).toMatchObject({ templateId, agentId: ana.id, status: 'scheduled', variables: [] });
    expect(Math.abs(followUp.inSeconds - 30 * 60)).toBeLessThan(60);
  });

  it('keeps every column dense and unique under 20 parallel moves', async () => {
    const race = await createBoard(ana.token, {
      name: 'Carrera',
      columns: [{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }],
      members: [beto.id],
    });
    const columnIds = race.columns.map((c) => c.id);
    // 20 contacts as cards, 5 per column, written at once (the adds themselves are tested above).
    const suffix = String(uniqueNumber()).slice(-5);
    await ds.query(
      `WITH made AS (
         INSERT INTO clients ("companyId", "channelId", key, "senderId", name)
         SELECT $1, $2, $4 || n, $6 || n, 'Carrera ' || n
           FROM generate_series(0, 19) AS n RETURNING id)
       INSERT INTO board_items ("boardId", "columnId", "companyId", "clientId", position)
       SELECT $3, ($5::int[])[(rn % 4) + 1], $1, id, rn / 4
         FROM (SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS rn FROM made) AS r`,
      [companyA, wa, race.id, `${wa}-52155${suffix}`, columnIds, `52155${suffix}`],
    );
    const view = await getBoard(ana.token, race.id);
    const itemIds = view.columns.flatMap((c) => c.items.map((i) => i.id)).sort((x, y) => x - y);
    expect(itemIds).toHaveLength(20);
    const moves = await Promise.all(
      itemIds.map((itemId, i) =>
        api(i % 2 === 0 ? ana.token : beto.token, 'post', `/boards/${race.id}/items/${itemId}/move`).send({
          columnId: columnIds[Math.floor(Math.random() * 4)],
          index: Math.floor(Math.random() * 8),
        }),
      ),
    );
    expect(moves.map((m) => m.status)).toEqual(moves.map(() => 200));
    const final = await getBoard(ana.token, race.id);
    for (const column of final.columns) {
      expect(column.items.map((i) => i.position)).toEqual(column.items.map((_, index) => index));
    }
    expect(final.columns.flatMap((c) => c.items.map((i) => i.id)).sort((x, y) => x - y)).toEqual(itemIds);
    expect(final.version).toBe(view.version + 20);
    const rows = await ds.query(
      `SELECT "columnId", array_agg(position ORDER BY position) AS positions FROM board_items
        WHERE "boardId" = $1 GROUP BY "columnId"`,
      [race.id],
    );
    for (const row of rows) {
      expect(row.positions).toEqual(row.positions.map((_: number, index: number) => index));
    }
  });
});

describe('columns, live events and deletion', () => {
  it('rewrites the columns as a full ordered list: keeps, adds, reorders and deletes with their cards', async () => {
    const before = await getBoard(ana.token, board.id);
    const [nuevos, contactados, ganados] = before.columns;
    const res = await api(ana.token, 'put', `/boards/${board.id}`).send({
      columns: [
        { id: contactados.id, name: 'Contactados', followUpMessage: null },
        { name: 'Negociación', description: 'Precio' },
        { id: nuevos.id, name: 'Nuevos' },
      ],
    });
    expect(res.status).toBe(200);
    const view = res.body as BoardView;
    expect(view.columns.map((c) => [c.id === contactados.id, c.name, c.position, c.followUpMessage])).toEqual(
      [
        [true, 'Contactados', 0, null],
        [false, 'Negociación', 1, null],
        [false, 'Nuevos', 2, null],
      ],
    );
    expect(view.columns[2].id).toBe(nuevos.id);
    // Ganados went with Lucía's card.
    expect(view.columns.flatMap((c) => c.items.map((i) => i.clientId))).not.toContain(contacts.lucia);
    expect(view.contactsCount).toBe(before.contactsCount - ganados.items.length);
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM board_columns WHERE id = $1`, [
      ganados.id,
    ]);
    expect(n).toBe(0);
  });

  it("tells the board's users live, never another company's, and a removed member that they lost it", async () => {
    const betoSocket = await openSocket(t.baseUrl, beto.token, sockets);
    const bSocket = await openSocket(t.baseUrl, bOwner.token, sockets);
    const seenByB: BoardUpdatedPayload[] = [];
    bSocket.on(BOARD_UPDATED_EVENT, (payload: BoardUpdatedPayload) => seenByB.push(payload));
    const view = await getBoard(ana.token, board.id);
    const card = view.columns[0].items[0];
    const event = nextEvent<BoardUpdatedPayload>(
      betoSocket,
      BOARD_UPDATED_EVENT,
      3000,
      (p) => p.boardId === board.id,
    );
    const moved = await api(ana.token, 'post', `/boards/${board.id}/items/${card.id}/move`).send({
      columnId: view.columns[2].id,
      index: 0,
    });
    expect(moved.status).toBe(200);
    expect(await event).toEqual({
      boardId: board.id,
      version: moved.body.version,
      removed: false,
      byUserId: ana.id,
    });
    // Company B's own change reaches its owner after ours would have: ours never came.
    const own = nextEvent<BoardUpdatedPayload>(
      bSocket,
      BOARD_UPDATED_EVENT,
      3000,
      (p) => p.boardId === bBoard.id,
    );
    const renamed = await api(bOwner.token, 'put', `/boards/${bBoard.id}`).send({ name: 'Embudo B2' });
    expect(renamed.status).toBe(200);
    await own;
    expect(seenByB.map((p) => p.boardId)).toEqual([bBoard.id]);
    // Beto is taken off the board: his event says so, and the board is closed to him.
    const lost = nextEvent<BoardUpdatedPayload>(
      betoSocket,
      BOARD_UPDATED_EVENT,
      3000,
      (p) => p.boardId === board.id,
    );
    const unshared = await api(ana.token, 'put', `/boards/${board.id}`).send({ members: [] });
    expect(unshared.status).toBe(200);
    expect(await lost).toMatchObject({ boardId: board.id, removed: true, byUserId: ana.id });
    expect((await api(beto.token, 'get', `/boards/${board.id}`)).status).toBe(403);
  });

  it('lets the superadmin manage any board, and deletes a board with everything on it', async () => {
    const shared = await api(superadmin.token, 'put', `/boards/${board.id}`).send({ members: [beto.id] });
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({ access: 'superadmin', members: [{ id: beto.id }] });
    const betoSocket = await openSocket(t.baseUrl, beto.token, sockets);
    const gone = nextEvent<BoardUpdatedPayload>(
      betoSocket,
      BOARD_UPDATED_EVENT,
      3000,
      (p) => p.boardId === board.id,
    );
    const deleted = await api(ana.token, 'delete', `/boards/${board.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: board.id });
    expect(await gone).toMatchObject({ boardId: board.id, removed: true });
    expect((await api(ana.token, 'get', `/boards/${board.id}`)).status).toBe(404);
    const [left] = await ds.query(
      `SELECT (SELECT count(*)::int FROM board_columns WHERE "boardId" = $1) AS columns,
              (SELECT count(*)::int FROM board_items WHERE "boardId" = $1) AS items,
              (SELECT count(*)::int FROM board_users WHERE "boardId" = $1) AS users`,
      [board.id],
    );
    expect(left).toEqual({ columns: 0, items: 0, users: 0 });
  });
});
