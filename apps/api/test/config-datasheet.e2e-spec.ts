import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, login, startTestApp, type TestApp } from './helpers';
import { type TestSql, testSql } from './sql';

let t: TestApp;
let ds: TestSql;
let admin: string;
let agente: string;
let otra: string;
const run = String(Date.now()).slice(-6);

beforeAll(async () => {
  t = await startTestApp();
  ds = testSql();
  [admin, agente, otra] = await Promise.all([
    login(t, 'admin@demo.local'),
    login(t, 'agente@demo.local'),
    login(t, 'admin@otra.local'),
  ]);
});
afterAll(async () => {
  await t.close();
});

const CREATE = `mutation($input: DatasheetFieldInputModel!) { createDatasheetField(input: $input) { id name type options isDefault } }`;
const UPDATE = `mutation($id: Int!, $input: DatasheetFieldInputModel!) { updateDatasheetField(id: $id, input: $input) { id name type options } }`;
const SAVE = `mutation($clientId: Int!, $fieldId: Int!, $value: String!) { saveClientInfo(clientId: $clientId, fieldId: $fieldId, value: $value) { value } }`;

function remove(token: string, id: number | string) {
  return t.http.delete(`/api/datasheetConfiguration/${id}`).set('Authorization', `Bearer ${token}`);
}

async function demoClient(): Promise<number> {
  const [row] = await ds.query(
    `SELECT c.id FROM clients c JOIN users u ON u."companyId" = c."companyId" WHERE u.email = 'admin@demo.local'
     ORDER BY c.id LIMIT 1`,
  );
  return row.id;
}

describe('data-sheet field administration (02 §3, §5)', () => {
  it('creates each type; a list needs options; names unique per company and not a contact field', async () => {
    for (const type of ['string', 'date', 'boolean', 'email', 'number', 'phone']) {
      const res = await gql<{ createDatasheetField: { type: string; options: string[] } }>(t, admin, CREATE, {
        input: { name: `Campo ${type} ${run}`, type },
      });
      expect(res.errors).toBeUndefined();
      expect(res.data?.createDatasheetField).toMatchObject({ type, options: [] });
    }
    const list = await gql<{ createDatasheetField: { options: string[] } }>(t, admin, CREATE, {
      input: { name: `Plan ${run}`, type: 'list', options: [' Básico ', 'Pro', 'pro', ''] },
    });
    expect(list.data?.createDatasheetField.options).toEqual(['Básico', 'Pro']);
    const empty = await gql(t, admin, CREATE, {
      input: { name: `Vacía ${run}`, type: 'list', options: [' '] },
    });
    expect(empty.errors?.[0]?.extensions?.field).toBe('options');
    const dup = await gql(t, admin, CREATE, { input: { name: `PLAN ${run}`, type: 'string' } });
    expect(dup.errors?.[0]?.extensions?.code).toBe('ERROR_DATASHEETFIELD_NAME');
    const reserved = await gql(t, admin, CREATE, { input: { name: 'teléfono', type: 'string' } });
    expect(reserved.errors?.[0]?.extensions?.field).toBe('name');
    const badType = await gql(t, admin, CREATE, { input: { name: `Raro ${run}`, type: 'color' } });
    expect(badType.errors?.[0]?.extensions?.field).toBe('type');
    const denied = await gql(t, agente, CREATE, { input: { name: `Agente ${run}`, type: 'string' } });
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('keeps values consistent: no type change once used, no removing a chosen option', async () => {
    const created = await gql<{ createDatasheetField: { id: number } }>(t, admin, CREATE, {
      input: { name: `Zona ${run}`, type: 'list', options: ['Norte', 'Sur'] },
    });
    const id = created.data?.createDatasheetField.id as number;
    const clientId = await demoClient();
    const saved = await gql(t, admin, SAVE, { clientId, fieldId: id, value: 'Sur' });
    expect(saved.errors).toBeUndefined();
    // 02 §3: a field has key (company id and name) and companyId; a client info entry carries the key too.
    const me = await gql<{ me: { company: { id: number } } }>(t, admin, '{ me { company { id } } }');
    const companyId = me.data?.me.company.id as number;
    const fields = await gql<{ datasheetFields: Array<{ id: number; key: string; companyId: number }> }>(
      t,
      admin,
      '{ datasheetFields { id key companyId } }',
    );
    expect(fields.data?.datasheetFields.find((f) => f.id === id)).toEqual({
      id,
      key: `${companyId}-zona ${run}`,
      companyId,
    });
    const entry = await gql<{ saveClientInfo: { key: string; fieldName: string } }>(
      t,
      admin,
      `mutation($clientId: Int!, $fieldId: Int!, $value: String!) {
        saveClientInfo(clientId: $clientId, fieldId: $fieldId, value: $value) { key fieldName } }`,
      { clientId, fieldId: id, value: 'Sur' },
    );
    expect(entry.data?.saveClientInfo).toEqual({ key: `${companyId}-zona ${run}`, fieldName: `Zona ${run}` });
    const retype = await gql(t, admin, UPDATE, { id, input: { name: `Zona ${run}`, type: 'string' } });
    expect(retype.errors?.[0]?.extensions?.field).toBe('type');
    const dropUsed = await gql(t, admin, UPDATE, {
      id,
      input: { name: `Zona ${run}`, type: 'list', options: ['Norte'] },
    });
    expect(dropUsed.errors?.[0]?.extensions?.field).toBe('options');
    const renamed = await gql<{ updateDatasheetField: { name: string; options: string[] } }>(
      t,
      admin,
      UPDATE,
      {
        id,
        input: { name: `Región ${run}`, type: 'list', options: ['Norte', 'Sur', 'Centro'] },
      },
    );
    expect(renamed.data?.updateDatasheetField).toMatchObject({
      name: `Región ${run}`,
      options: ['Norte', 'Sur', 'Centro'],
    });
    // The existing per-type validation of values follows the field's options.
    const wrong = await gql(t, admin, SAVE, { clientId, fieldId: id, value: 'Oeste' });
    expect(wrong.errors?.[0]?.extensions?.code).toBe('VALIDATION_ERROR');
  });

  it('deletes with DELETE /api/datasheetConfiguration/{id}, values included; refuses others and predefined', async () => {
    const created = await gql<{ createDatasheetField: { id: number } }>(t, admin, CREATE, {
      input: { name: `Borrable ${run}`, type: 'string' },
    });
    const id = created.data?.createDatasheetField.id as number;
    await gql(t, admin, SAVE, { clientId: await demoClient(), fieldId: id, value: 'algo' });
    expect((await remove(otra, id)).status).toBe(400);
    expect((await remove(agente, id)).status).toBe(403);
    expect((await remove(admin, 'abc')).status).toBe(400);
    const ok = await remove(admin, id);
    expect(ok.status).toBe(200);
    expect((await ds.query('SELECT 1 FROM client_infos WHERE "fieldId" = $1', [id])).length).toBe(0);

    const [{ id: fixedId }] = await ds.query(
      `INSERT INTO datasheet_fields ("companyId", name, type, key, "isDefault")
       SELECT "companyId", $1::text, 'string', "companyId" || '-' || lower($1::text), true FROM users WHERE email = 'admin@demo.local'
       RETURNING id`,
      [`Fijo ${run}`],
    );
    try {
      const fixed = await remove(admin, fixedId);
      expect(fixed.status).toBe(400);
      expect(fixed.body.code).toBe('PREDEFINED_FIELD_CANNOT_BE_MODIFIED');
      const edit = await gql(t, admin, UPDATE, { id: fixedId, input: { name: 'Otro', type: 'string' } });
      expect(edit.errors?.[0]?.extensions?.code).toBe('PREDEFINED_FIELD_CANNOT_BE_MODIFIED');
    } finally {
      await ds.query('DELETE FROM datasheet_fields WHERE id = $1', [fixedId]);
    }
  });

  it('refuses updating another company’s field and changes nothing', async () => {
    const created = await gql<{ createDatasheetField: { id: number } }>(t, admin, CREATE, {
      input: { name: `Propio ${run}`, type: 'list', options: ['Uno', 'Dos'] },
    });
    const id = created.data?.createDatasheetField.id as number;
    const stored = () =>
      ds.query('SELECT name, type, options, key, "companyId" FROM datasheet_fields WHERE id = $1', [id]);
    const before = await stored();
    const foreign = await gql(t, otra, UPDATE, {
      id,
      input: { name: `Robado ${run}`, type: 'string' },
    });
    expect(foreign.errors?.[0]?.extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'id',
      userMessage: 'El campo no existe.',
    });
    expect(await stored()).toEqual(before);
  });
});
