import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SurveysRepository } from '../src/modules/surveys/surveys.repository';
import {
  type BotCompany,
  botCompany,
  conversationOf,
  customerButton,
  customerListReply,
  customerText,
  deliver,
  eventually,
  gqlOk,
  graphSendsTo,
  newPhone,
  settled,
} from './bot-company-kit';
import { gql, login } from './helpers';
import { type InboxTestApp, startInboxTestApp } from './inbox-helpers';
import { addChannel, uniqueNumber } from './template-helpers';

// Issue 17, satisfaction surveys: the 02 §7 calls with their errors, the survey sent by the bot on close as
// WhatsApp reply buttons or a list (the exact Cloud API body the fake Graph API receives), and the customer's
// answer — a tapped button, a list row, a typed number — recorded once however often Meta redelivers it.

let t: InboxTestApp;
let a: BotCompany;
let b: BotCompany;
beforeAll(async () => {
  t = await startInboxTestApp();
  a = await botCompany(t, 'encuestasa');
  b = await botCompany(t, 'encuestasb');
});
afterAll(async () => {
  await t?.close();
});

const THREE = [
  { text: 'Excelente', value: 5, index: 0, endText: '¡Gracias por tu respuesta!' },
  { text: 'Regular', value: 3, index: 1, endText: '' },
  { text: 'Mala', value: 1, index: 2, endText: 'Lamentamos oírlo; te contactaremos.' },
];
const FIVE = [
  { text: 'Muy buena', value: 5, index: 0, endText: 'Gracias' },
  { text: 'Buena', value: 4, index: 1, endText: 'Gracias' },
  { text: 'Regular', value: 3, index: 2, endText: 'Gracias' },
  { text: 'Mala', value: 2, index: 3, endText: 'Lo sentimos' },
  { text: 'Muy mala', value: 1, index: 4, endText: 'Lo sentimos' },
];

function api(token: string, method: 'get' | 'post' | 'put', path: string) {
  return t.http[method](`/api${path}`).set('Authorization', `Bearer ${token}`);
}

/** A survey on a fresh channel of `company` (one survey per channel), answering its stored row. */
async function surveyOnNewChannel(company: BotCompany, options = THREE, initText = '¿Cómo te atendimos?') {
  const providerId = String(uniqueNumber());
  const channelId = await addChannel(
    t,
    t.ds,
    company.companyId,
    'whatsapp_cloud',
    providerId,
    `token-${providerId}`,
  );
  const res = await api(company.token, 'post', '/survey').send({
    companyId: company.companyId,
    channelId,
    initText,
    options,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { channel: { ...company, channelId, providerId }, survey: res.body };
}

/** A customer writing in (window open unless `ageSeconds` says otherwise), and the conversation's id. */
async function customer(company: BotCompany, ageSeconds = 0) {
  const phone = newPhone();
  await deliver(t, customerText(company, phone, 'Hola, quiero información', { ageSeconds }));
  const clientId = await conversationOf(t, company, phone);
  await settled(t);
  return { phone, clientId };
}

async function close(token: string, clientId: number, sendSurvey: boolean | null = true) {
  const arg = sendSurvey === null ? '' : `, sendSurvey: ${sendSurvey}`;
  return gqlOk<{ closeConversation: { surveySent: boolean; client: { isClosed: boolean } } }>(
    t,
    token,
    `mutation { closeConversation(clientId: ${clientId}${arg}) { surveySent client { isClosed } } }`,
  );
}

async function requestsOf(clientId: number) {
  return t.ds.query(`SELECT * FROM survey_requests WHERE "clientId" = $1 ORDER BY id`, [clientId]);
}

async function answered(clientId: number) {
  return eventually(
    () => requestsOf(clientId),
    (rows) => rows.some((row: { answeredAt: Date | null }) => row.answeredAt !== null),
  );
}

describe('survey configuration (REST)', () => {
  it('creates one survey per channel, with option ids of their own and the options in menu order', async () => {
    const providerId = String(uniqueNumber());
    const channelId = await addChannel(t, t.ds, a.companyId, 'whatsapp_cloud', providerId, 'tok');
    const res = await api(a.token, 'post', '/survey').send({
      companyId: a.companyId,
      channelId,
      initText: '  ¿Cómo te atendimos?  ',
      options: [
        { text: 'Mala', value: 1, index: 2, endText: 'Lo sentimos' },
        { text: ' Excelente ', value: 5, index: 0 },
        { text: 'Regular', value: 3, index: 1, endText: '' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      companyId: a.companyId,
      channelId,
      initText: '¿Cómo te atendimos?',
      isActive: true,
      options: [
        { text: 'Excelente', value: 5, index: 0, endText: '' },
        { text: 'Regular', value: 3, index: 1, endText: '' },
        { text: 'Mala', value: 1, index: 2, endText: 'Lo sentimos' },
      ],
    });
    const ids = res.body.options.map((o: { id: number }) => o.id);
    expect(new Set(ids).size).toBe(3);
    expect(Math.min(...ids)).toBeGreaterThan(1000);

    const again = await api(a.token, 'post', '/survey').send({ channelId, initText: 'Otra', options: THREE });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'channelId',
      userMessage: 'Este canal ya tiene una encuesta.',
    });

    const list = await api(a.token, 'get', `/survey?companyId=${a.companyId}`);
    expect(list.status).toBe(200);
    expect(list.body.map((s: { channelId: number }) => s.channelId)).toContain(channelId);
    const own = await api(a.token, 'get', '/survey');
    expect(own.body).toEqual(list.body);
  });

  it('refuses bad input with 400, the field and a Spanish message, and stores nothing', async () => {
    const providerId = String(uniqueNumber());
    const channelId = await addChannel(t, t.ds, a.companyId, 'whatsapp_cloud', providerId, 'tok');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ options: THREE }, 'initText', 'Escribe el texto de la encuesta.'],
      [{ initText: '   ', options: THREE }, 'initText', 'Escribe el texto de la encuesta.'],
      [
        { initText: 'x'.repeat(1025), options: THREE },
        'initText',
        'El texto de la encuesta no debe exceder los 1024 caracteres.',
      ],
      [{ initText: 'Hola', options: [] }, 'options', 'Agrega al menos una opción.'],
      [
        {
          initText: 'Hola',
          options: Array.from({ length: 11 }, (_, i) => ({ text: `O${i}`, value: i, index: i })),
        },
        'options',
        'La encuesta admite como máximo 10 opciones.',
      ],
      [
        { initText: 'Hola', options: [THREE[0], { text: ' ', value: 2, index: 1 }] },
        'options.1.text',
        'Escribe el texto de la opción.',
      ],
      [
        { initText: 'Hola', options: [THREE[0], { text: 'Otra', value: 5, index: 1 }] },
        'options.1.value',
        'Cada opción debe tener un valor distinto.',
      ],
      [
        { initText: 'Hola', options: [{ text: 'Otra', value: 1.5, index: 0 }] },
        'options.0.value',
        'El valor de la opción debe ser un número entero.',
      ],
      [
        { initText: 'Hola', options: [{ text: 'Otra', value: '5', index: 0 }] },
        'options.0.value',
        'El valor de la opción debe ser un número entero.',
      ],
      [{ initText: 'Hola', options: THREE, channelId: 'x' }, 'channelId', 'Canal inválido'],
    ];
    for (const [body, field, userMessage] of cases) {
      const res = await api(a.token, 'post', '/survey').send({ channelId, ...body });
      expect(res.status, field).toBe(400);
      expect(res.body, JSON.stringify(body).slice(0, 80)).toMatchObject({
        code: 'VALIDATION_ERROR',
        field,
        userMessage,
      });
    }
    const stored = await t.ds.query(`SELECT id FROM survey_configs WHERE "channelId" = $1`, [channelId]);
    expect(stored).toEqual([]);
    const unknownChannel = await api(a.token, 'post', '/survey').send({
      channelId: 2_000_000_000,
      initText: 'Hola',
      options: THREE,
    });
    expect(unknownChannel.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'channelId' });
  });

  it("refuses another company's company, channel, survey and options with 403", async () => {
    const { survey } = await surveyOnNewChannel(a);
    const otherCompany = await api(b.token, 'post', '/survey').send({
      companyId: a.companyId,
      channelId: b.channelId,
      initText: 'Hola',
      options: THREE,
    });
    expect(otherCompany.status).toBe(403);
    const otherChannel = await api(b.token, 'post', '/survey').send({
      channelId: survey.channelId,
      initText: 'Hola',
      options: THREE,
    });
    expect(otherChannel.status).toBe(403);
    expect((await api(b.token, 'get', `/survey?companyId=${a.companyId}`)).status).toBe(403);
    expect((await api(b.token, 'get', '/survey')).body.map((s: { id: number }) => s.id)).not.toContain(
      survey.id,
    );
    const edit = await api(b.token, 'put', '/survey').send({
      id: survey.id,
      initText: 'Mía',
      options: THREE,
    });
    expect(edit.status).toBe(403);
    const remove = await api(b.token, 'post', '/survey/options').send({ ids: [survey.options[0].id] });
    expect(remove.status).toBe(403);
    const [row] = await t.ds.query(`SELECT "initText", options FROM survey_configs WHERE id = $1`, [
      survey.id,
    ]);
    expect(row.initText).toBe('¿Cómo te atendimos?');
    expect(row.options).toHaveLength(3);
  });

  it('needs readBot or writeBot to read and writeBot to change surveys', async () => {
    const agente = await login(t, 'agente@demo.local');
    expect((await api(agente, 'get', '/survey')).status).toBe(403);
    const create = await api(agente, 'post', '/survey').send({
      channelId: 1,
      initText: 'Hola',
      options: THREE,
    });
    expect(create.status).toBe(403);
    expect(create.body.code).toBe('FORBIDDEN');
    // The group admin's seed role reads bots without administering them.
    const groupadmin = await login(t, 'groupadmin@demo.local');
    expect((await api(groupadmin, 'get', '/survey')).status).toBe(200);
    const edit = await api(groupadmin, 'put', '/survey').send({ id: 1, initText: 'x', options: THREE });
    expect(edit.status).toBe(403);
  });

  it('edits a survey: kept options by id, new ones numbered fresh, an unknown id refused, isActive', async () => {
    const { survey } = await surveyOnNewChannel(a);
    const [excelente, , mala] = survey.options;
    const res = await api(a.token, 'put', '/survey').send({
      id: survey.id,
      initText: 'Califica la atención',
      isActive: false,
      options: [
        { id: mala.id, text: 'Pésima', value: 1, index: 1, endText: 'Lo sentimos' },
        { id: excelente.id, text: 'Excelente', value: 5, index: 0, endText: '' },
        { text: 'Buena', value: 4, index: 2 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: survey.id, initText: 'Califica la atención', isActive: false });
    expect(res.body.options.map((o: { id: number; text: string }) => [o.id, o.text])).toEqual([
      [excelente.id, 'Excelente'],
      [mala.id, 'Pésima'],
      [expect.any(Number), 'Buena'],
    ]);
    expect(res.body.options[2].id).toBeGreaterThan(mala.id);

    const unknown = await api(a.token, 'put', '/survey').send({
      id: survey.id,
      initText: 'x',
      options: [{ id: 999_999_999, text: 'Otra', value: 1, index: 0 }],
    });
    expect(unknown.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'options.0.id' });
    const missing = await api(a.token, 'put', '/survey').send({
      id: 2_000_000_000,
      initText: 'x',
      options: THREE,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.userMessage).toBe('La encuesta no existe.');
    const kept = await api(a.token, 'put', '/survey').send({
      id: survey.id,
      initText: 'Otra vez',
      options: THREE,
    });
    expect(kept.body.isActive).toBe(false);
  });

  it('deletes options by id, never the last one of a survey, unknown ids answered 404', async () => {
    const { survey } = await surveyOnNewChannel(a);
    const [first, second, third] = survey.options;
    const res = await api(a.token, 'post', '/survey/options').send({ ids: [second.id] });
    expect(res.status).toBe(200);
    expect(res.body.surveys).toHaveLength(1);
    expect(res.body.surveys[0].options.map((o: { id: number; index: number }) => [o.id, o.index])).toEqual([
      [first.id, 0],
      [third.id, 1],
    ]);
    const all = await api(a.token, 'post', '/survey/options').send({ ids: [first.id, third.id] });
    expect(all.status).toBe(400);
    expect(all.body).toMatchObject({
      field: 'ids',
      userMessage: 'La encuesta debe conservar al menos una opción.',
    });
    const gone = await api(a.token, 'post', '/survey/options').send({ ids: [second.id] });
    expect(gone.status).toBe(404);
    const bad = await api(a.token, 'post', '/survey/options').send({ ids: [] });
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'ids' });
    const [row] = await t.ds.query(`SELECT options FROM survey_configs WHERE id = $1`, [survey.id]);
    expect(row.options).toHaveLength(2);
  });

  it("answers the spec's code when storing fails on our side", async () => {
    await t.ds.query(`CREATE OR REPLACE FUNCTION test_refuse_survey() RETURNS trigger AS $$
      BEGIN IF NEW."initText" = 'falla' THEN RAISE EXCEPTION 'storage down'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await t.ds.query(`CREATE TRIGGER test_refuse_survey BEFORE INSERT OR UPDATE ON survey_configs
      FOR EACH ROW EXECUTE FUNCTION test_refuse_survey()`);
    try {
      const providerId = String(uniqueNumber());
      const channelId = await addChannel(t, t.ds, a.companyId, 'whatsapp_cloud', providerId, 'tok');
      const create = await api(a.token, 'post', '/survey').send({
        channelId,
        initText: 'falla',
        options: THREE,
      });
      expect(create.status).toBe(500);
      expect(create.body).toMatchObject({
        code: 'ERROR_createSurveyConfig',
        userMessage: 'No se pudo crear la encuesta.',
      });
      const { survey } = await surveyOnNewChannel(a);
      const update = await api(a.token, 'put', '/survey').send({
        id: survey.id,
        initText: 'falla',
        options: THREE,
      });
      expect(update.body.code).toBe('ERROR_updateSurveyConfig');
    } finally {
      await t.ds.query(`DROP TRIGGER test_refuse_survey ON survey_configs`);
      await t.ds.query(`DROP FUNCTION test_refuse_survey()`);
    }
  });
});

describe('survey calls under bad input', () => {
  it('never answer 5xx, whatever each field holds', async () => {
    const { survey } = await surveyOnNewChannel(a);
    const values: unknown[] = [
      -1,
      0,
      1.5,
      3_000_000_000,
      1e300,
      'abc',
      '',
      null,
      true,
      [],
      {},
      [{ id: 'x' }],
      'x'.repeat(5000),
    ];
    for (const value of values) {
      const bodies: Array<['post' | 'put', string, Record<string, unknown>]> = [
        ['post', '/survey', { companyId: value, channelId: value, initText: value, options: value }],
        [
          'post',
          '/survey',
          {
            channelId: survey.channelId,
            initText: 'x',
            options: [{ text: value, value, index: value, endText: value }],
          },
        ],
        ['put', '/survey', { id: value, initText: value, options: value, isActive: value }],
        ['put', '/survey', { id: survey.id, initText: 'x', options: [{ id: value, text: 'a', value: 1 }] }],
        ['post', '/survey/options', { ids: value }],
        ['post', '/survey/options', { ids: [value] }],
        ['post', '/saveClientSurvey', { clientId: value, value }],
      ];
      for (const [method, path, body] of bodies) {
        const res = await api(a.token, method, path).send(body);
        expect(res.status, `${method} ${path} ${JSON.stringify(body).slice(0, 80)}`).toBeLessThan(500);
      }
      for (const query of [`/survey?companyId=${String(value)}`, `/survey/last?clientId=${String(value)}`]) {
        expect((await api(a.token, 'get', query)).status, query).toBeLessThan(500);
      }
    }
  });
});

describe('survey configuration (GraphQL)', () => {
  it('creates, lists, edits and deletes options with the same rules and scoping', async () => {
    const providerId = String(uniqueNumber());
    const channelId = await addChannel(t, t.ds, a.companyId, 'whatsapp_cloud', providerId, 'tok');
    const fields = 'id companyId channelId initText isActive options { id text value index endText }';
    const created = await gqlOk<{ createSurveyConfig: { id: number; options: Array<{ id: number }> } }>(
      t,
      a.token,
      `mutation($input: CreateSurveyInput!) { createSurveyConfig(input: $input) { ${fields} } }`,
      { input: { channelId, initText: '¿Nos recomendarías?', options: THREE } },
    );
    const id = created.createSurveyConfig.id;
    const list = await gqlOk<{ surveyConfigs: Array<{ id: number }> }>(
      t,
      a.token,
      `{ surveyConfigs(companyId: ${a.companyId}) { id } }`,
    );
    expect(list.surveyConfigs.map((s) => s.id)).toContain(id);
    const updated = await gqlOk<{ updateSurveyConfig: { initText: string; options: unknown[] } }>(
      t,
      a.token,
      `mutation($input: UpdateSurveyInput!) { updateSurveyConfig(input: $input) { ${fields} } }`,
      { input: { id, initText: 'Editada', options: THREE.slice(0, 2) } },
    );
    expect(updated.updateSurveyConfig).toMatchObject({ initText: 'Editada' });
    expect(updated.updateSurveyConfig.options).toHaveLength(2);
    const [{ options }] = await t.ds.query(`SELECT options FROM survey_configs WHERE id = $1`, [id]);
    const deleted = await gqlOk<{ deleteManySurveyOptions: Array<{ options: unknown[] }> }>(
      t,
      a.token,
      `mutation { deleteManySurveyOptions(ids: [${options[0].id}]) { ${fields} } }`,
    );
    expect(deleted.deleteManySurveyOptions[0].options).toHaveLength(1);

    const invalid = await gql(
      t,
      a.token,
      `mutation($input: CreateSurveyInput!) { createSurveyConfig(input: $input) { id } }`,
      { input: { channelId, initText: '', options: THREE } },
    );
    expect(invalid.errors?.[0].extensions).toMatchObject({ code: 'VALIDATION_ERROR', field: 'initText' });
    const foreign = await gql(
      t,
      b.token,
      `mutation { deleteManySurveyOptions(ids: [${options[1].id}]) { id } }`,
    );
    expect(foreign.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const foreignList = await gql(t, b.token, `{ surveyConfigs(companyId: ${a.companyId}) { id } }`);
    expect(foreignList.errors?.[0].extensions.code).toBe('FORBIDDEN');
  });
});

describe('a survey sent on close and its answer', () => {
  it('goes out from the bot as reply buttons, and a tapped button is recorded once under redelivery', async () => {
    const { channel, survey } = await surveyOnNewChannel(a);
    const { phone, clientId } = await customer(channel);
    const before = graphSendsTo(t, phone).length;

    const closed = await close(a.token, clientId);
    expect(closed.closeConversation).toEqual({ surveySent: true, client: { isClosed: true } });
    const sends = await eventually(
      () => graphSendsTo(t, phone),
      (list) => list.length > before,
    );
    expect(sends.slice(before)).toEqual([
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: phone,
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: '¿Cómo te atendimos?' },
          action: {
            buttons: survey.options.map((o: { id: number; text: string }) => ({
              type: 'reply',
              reply: { id: `survey:${o.id}`, title: o.text },
            })),
          },
        },
      },
    ]);
    const [message] = await t.ds.query(
      `SELECT id, sender, type, content, "senderUserId" FROM messages WHERE "clientId" = $1 AND sender <> 'CLIENT'`,
      [clientId],
    );
    expect(message).toMatchObject({
      sender: 'BOT',
      type: 'interactive',
      content: '¿Cómo te atendimos?\n\n1. Excelente\n2. Regular\n3. Mala',
      senderUserId: null,
    });
    const [request] = await requestsOf(clientId);
    expect(request).toMatchObject({ surveyConfigId: survey.id, messageId: message.id, answeredAt: null });

    const last = await api(a.token, 'get', `/survey/last?clientId=${clientId}`);
    expect(last.status).toBe(200);
    expect(last.body.survey).toMatchObject({ id: request.id, clientId, answeredAt: null, value: null });

    const tap = customerButton(channel, phone, `survey:${survey.options[0].id}`, 'Excelente');
    await deliver(t, tap);
    await deliver(t, tap);
    const [row] = await answered(clientId);
    await settled(t);
    await deliver(t, tap);
    await settled(t);
    const rows = await requestsOf(clientId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ value: 5, optionText: 'Excelente' });
    const [answer] = await t.ds.query(`SELECT id FROM messages WHERE "messageApiId" = $1`, [tap.id]);
    expect(row.answerMessageId).toBe(answer.id);
    const after = graphSendsTo(t, phone).slice(before + 1);
    expect(after).toEqual([
      expect.objectContaining({
        type: 'text',
        text: { body: '¡Gracias por tu respuesta!', preview_url: false },
      }),
    ]);
    const shown = await api(a.token, 'get', `/survey/last?clientId=${clientId}`);
    expect(shown.body.survey).toMatchObject({
      value: 5,
      optionText: 'Excelente',
      answeredAt: expect.any(String),
    });
  });

  it('goes out as a list from 4 options on, answered by a list row', async () => {
    const { channel, survey } = await surveyOnNewChannel(a, FIVE, '¿Qué tal te atendimos?');
    const { phone, clientId } = await customer(channel);
    expect((await close(a.token, clientId)).closeConversation.surveySent).toBe(true);
    const [sent] = await eventually(
      () => graphSendsTo(t, phone),
      (list) => list.length > 0,
    );
    expect(sent).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: phone,
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: '¿Qué tal te atendimos?' },
        action: {
          button: 'Ver opciones',
          sections: [
            {
              rows: survey.options.map((o: { id: number; text: string }) => ({
                id: `survey:${o.id}`,
                title: o.text,
              })),
            },
          ],
        },
      },
    });
    await deliver(t, customerListReply(channel, phone, `survey:${survey.options[3].id}`, 'Mala'));
    const [row] = await answered(clientId);
    expect(row).toMatchObject({ value: 2, optionText: 'Mala' });
    await eventually(
      () => graphSendsTo(t, phone),
      (list) => list.length === 2,
    );
    expect(graphSendsTo(t, phone)[1]).toMatchObject({ type: 'text', text: { body: 'Lo sentimos' } });
  });

  it('takes a typed number as the answer, sends no end text when the option has none, and then lets go', async () => {
    const { channel } = await surveyOnNewChannel(a);
    const { phone, clientId } = await customer(channel);
    await close(a.token, clientId);
    await deliver(t, customerText(channel, phone, 'un momento'));
    await settled(t);
    expect((await requestsOf(clientId))[0].answeredAt).toBeNull();
    await deliver(t, customerText(channel, phone, '2'));
    const [row] = await answered(clientId);
    expect(row).toMatchObject({ value: 3, optionText: 'Regular' });
    await deliver(t, customerText(channel, phone, '1'));
    await settled(t);
    expect(await requestsOf(clientId)).toEqual([expect.objectContaining({ value: 3 })]);
    // The survey itself, and no end text: 'Regular' has none.
    expect(graphSendsTo(t, phone)).toHaveLength(1);
  });

  it('stops waiting once an agent wrote after it: a number then answers the agent, not the survey', async () => {
    const { channel } = await surveyOnNewChannel(a);
    const { phone, clientId } = await customer(channel);
    await close(a.token, clientId);
    await gqlOk(t, a.token, `mutation($input: SendMessageInput!) { sendMessage(input: $input) { id } }`, {
      input: { clientId, text: '¿Te ayudo con algo más? Elige 1 o 2' },
    });
    await deliver(t, customerText(channel, phone, '1'));
    await settled(t);
    expect((await requestsOf(clientId))[0]).toMatchObject({ answeredAt: null, value: null });
  });

  it('goes by the company default when the agent does not say, and not outside the 24-hour window', async () => {
    const { channel } = await surveyOnNewChannel(a);
    const { clientId } = await customer(channel);
    expect((await close(a.token, clientId, null)).closeConversation.surveySent).toBe(false);
    expect(await requestsOf(clientId)).toEqual([]);
    await t.ds.query(
      `UPDATE companies SET settings = settings || '{"sentClientSurveyByDefault": true}' WHERE id = $1`,
      [a.companyId],
    );
    try {
      const other = await customer(channel);
      expect((await close(a.token, other.clientId, null)).closeConversation.surveySent).toBe(true);
      expect(await requestsOf(other.clientId)).toHaveLength(1);
      const late = await customer(channel, 25 * 3600);
      const closed = await close(a.token, late.clientId, null);
      expect(closed.closeConversation).toEqual({ surveySent: false, client: { isClosed: true } });
      expect(await requestsOf(late.clientId)).toEqual([]);
      await settled(t);
      expect(graphSendsTo(t, late.phone)).toEqual([]);
    } finally {
      await t.ds.query(
        `UPDATE companies SET settings = settings - 'sentClientSurveyByDefault' WHERE id = $1`,
        [a.companyId],
      );
    }
  });

  it('replaces a survey left unanswered when the conversation is closed again', async () => {
    const { channel } = await surveyOnNewChannel(a);
    const { clientId } = await customer(channel);
    await close(a.token, clientId);
    const [first] = await requestsOf(clientId);
    await close(a.token, clientId);
    const rows = await requestsOf(clientId);
    expect(rows).toHaveLength(1);
    expect(rows[0].id).not.toBe(first.id);
  });
});

describe('POST /api/saveClientSurvey and GET /api/survey/last', () => {
  it("records the waiting survey's answer by value, once, for a visible conversation only", async () => {
    const { channel } = await surveyOnNewChannel(a);
    const { clientId } = await customer(channel);
    const none = await api(a.token, 'get', `/survey/last?clientId=${clientId}`);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ survey: null });
    const nothingWaiting = await api(a.token, 'post', '/saveClientSurvey').send({ clientId, value: 5 });
    expect(nothingWaiting.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'clientId',
      userMessage: 'La conversación no tiene una encuesta pendiente de respuesta.',
    });
    await close(a.token, clientId);

    const notAnOption = await api(a.token, 'post', '/saveClientSurvey').send({ clientId, value: 4 });
    expect(notAnOption.body).toMatchObject({
      field: 'value',
      userMessage: 'Elige uno de los valores de la encuesta.',
    });
    const foreign = await api(b.token, 'post', '/saveClientSurvey').send({ clientId, value: 5 });
    expect(foreign.status).toBe(403);
    expect((await api(b.token, 'get', `/survey/last?clientId=${clientId}`)).status).toBe(403);
    const agente = await login(t, 'agente@demo.local');
    expect((await api(agente, 'get', `/survey/last?clientId=${clientId}`)).status).toBe(403);
    expect((await api(a.token, 'get', '/survey/last?clientId=abc')).body).toMatchObject({
      field: 'clientId',
    });

    const saved = await api(a.token, 'post', '/saveClientSurvey').send({ clientId, value: 1 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      clientId,
      value: 1,
      optionText: 'Mala',
      answeredAt: expect.any(String),
    });
    const twice = await api(a.token, 'post', '/saveClientSurvey').send({ clientId, value: 5 });
    expect(twice.status).toBe(400);
    const [row] = await requestsOf(clientId);
    expect(row).toMatchObject({ value: 1, answerMessageId: null });
    const last = await api(a.token, 'get', `/survey/last?clientId=${clientId}`);
    expect(last.body.survey).toMatchObject({ id: row.id, value: 1, optionText: 'Mala' });
  });
});

describe('ratings for the statistics', () => {
  it('averages the answered surveys per agent of the conversation, within the dates', async () => {
    const c = await botCompany(t, 'encuestasc');
    const { channel } = await surveyOnNewChannel(c);
    const scores: Array<[number | null, number]> = [
      [c.ownerId, 5],
      [c.ownerId, 3],
      [null, 1],
    ];
    for (const [agentId, value] of scores) {
      const { clientId } = await customer(channel);
      await t.ds.query(`UPDATE clients SET "agentId" = $2 WHERE id = $1`, [clientId, agentId]);
      await close(c.token, clientId);
      expect((await api(c.token, 'post', '/saveClientSurvey').send({ clientId, value })).status).toBe(200);
    }
    const { clientId: unanswered } = await customer(channel);
    await close(c.token, unanswered);
    const ratings = t.app.get(SurveysRepository);
    const now = Date.now();
    expect(
      await ratings.ratingsByAgent(c.companyId, new Date(now - 3_600_000), new Date(now + 60_000)),
    ).toEqual([
      { agentId: c.ownerId, average: 4, answers: 2 },
      { agentId: null, average: 1, answers: 1 },
    ]);
    expect(
      await ratings.ratingsByAgent(c.companyId, new Date(now + 60_000), new Date(now + 120_000)),
    ).toEqual([]);
  });
});
