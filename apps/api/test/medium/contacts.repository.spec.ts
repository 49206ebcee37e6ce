import { describe, expect, it } from 'vitest';
import { jsonb } from '../../src/database/jsonb';
import { ContactsRepository, type ImportedContact } from '../../src/modules/contacts/contacts.repository';
import { createTestCompany, testDatabase } from './database';
import { createChannel } from './fixtures';
import { createRole, createUser } from './people';

const db = testDatabase();
const contacts = new ContactsRepository(db);

const contact = (phone: string, agentId: number, fields: Partial<ImportedContact> = {}): ImportedContact => ({
  phone,
  firstName: 'Ana',
  lastName: 'López',
  cleanedName: `analopez${phone}`,
  agentId,
  categoryId: null,
  ...fields,
});

describe('ContactsRepository', () => {
  it('creates a manual contact once per channel and phone', async () => {
    const companyId = await createTestCompany(db, 'Contacts repo');
    const channelId = await createChannel(db, companyId);
    const agent = await createUser(db, companyId, await createRole(db, companyId, 'agente'));
    const fields = {
      companyId,
      channelId,
      key: `${channelId}-5215511111111`,
      senderId: '5215511111111',
      name: 'Ana',
      cleanedName: 'ana5215511111111',
      agentId: agent.id,
    };
    const id = await contacts.create(fields);
    expect(id).toEqual(expect.any(Number));
    expect(await contacts.create({ ...fields, name: 'Otra' })).toBeUndefined();
    const row = await db
      .selectFrom('clients')
      .selectAll()
      .where('id', '=', id as number)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      source: 'MANUAL',
      answered: true,
      isArchived: false,
      name: 'Ana',
      agentId: agent.id,
    });
  });

  it('changes a phone unless another contact has the key, racing changes included', async () => {
    const companyId = await createTestCompany(db, 'Contacts repo');
    const channelId = await createChannel(db, companyId);
    const base = { companyId, channelId, name: null, cleanedName: '', agentId: null };
    const a = await contacts.create({
      ...base,
      key: `${channelId}-5215500000001`,
      senderId: '5215500000001',
    });
    const b = await contacts.create({
      ...base,
      key: `${channelId}-5215500000002`,
      senderId: '5215500000002',
    });
    if (!a || !b) throw new Error('seed failed');
    const taken = { senderId: '5215500000002', key: `${channelId}-5215500000002`, cleanedName: 'x' };
    expect(await contacts.changePhone(a, taken)).toBe(false);
    const free = { senderId: '5215500000003', key: `${channelId}-5215500000003`, cleanedName: 'y' };
    const results = await Promise.all([contacts.changePhone(a, free), contacts.changePhone(b, free)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const keys = await db.selectFrom('clients').select('key').where('id', 'in', [a, b]).execute();
    expect(keys.filter((k) => k.key === free.key)).toHaveLength(1);
  });

  it('writes an import batch in one transaction: tags, contacts (existing phones left alone), tags and values', async () => {
    const companyId = await createTestCompany(db, 'Contacts repo');
    const channelId = await createChannel(db, companyId);
    const agent = await createUser(db, companyId, await createRole(db, companyId, 'agente'), {
      email: `Ana.${companyId}@Medium.Test`,
    });
    const field = await db
      .insertInto('datasheet_fields')
      .values({ companyId, name: 'Plaza', key: `${companyId}:plaza`, type: 'string', options: jsonb([]) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const existing = await contacts.create({
      companyId,
      channelId,
      key: `${channelId}-5215500000010`,
      senderId: '5215500000010',
      name: 'Ya estaba',
      cleanedName: '',
      agentId: null,
    });

    const created = await contacts.transaction(async (trx) => {
      const tags = await contacts.insertTags(trx, companyId, [
        { name: 'Nuevo', color: '#111', key: `${companyId}:nuevo` },
      ]);
      // A key created meanwhile keeps its name and gives its id.
      const again = await contacts.insertTags(trx, companyId, [
        { name: 'NUEVO', color: '#222', key: `${companyId}:nuevo` },
      ]);
      expect(again).toEqual(tags);
      const rows = await contacts.insertContacts(trx, companyId, channelId, [
        contact('5215500000010', agent.id),
        contact('5215500000011', agent.id, { firstName: null, lastName: null }),
      ]);
      const id = rows[0].id;
      await contacts.tagContacts(trx, [
        { clientId: id, tagId: tags[0].id },
        { clientId: id, tagId: tags[0].id },
      ]);
      await contacts.saveInfos(trx, [{ clientId: id, fieldId: field.id, value: 'Centro' }]);
      await contacts.saveInfos(trx, [{ clientId: id, fieldId: field.id, value: 'Norte' }]);
      return rows;
    });
    expect(created.map((r) => r.senderId)).toEqual(['5215500000011']);
    const row = await db
      .selectFrom('clients')
      .selectAll()
      .where('id', '=', created[0].id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      source: 'IMPORT',
      key: `${channelId}-5215500000011`,
      agentId: agent.id,
      name: null,
    });
    expect(
      await db.selectFrom('client_tags').select('tagId').where('clientId', '=', created[0].id).execute(),
    ).toHaveLength(1);
    expect(
      await db.selectFrom('client_infos').select('value').where('clientId', '=', created[0].id).execute(),
    ).toEqual([{ value: 'Norte' }]);
    const kept = await db
      .selectFrom('clients')
      .select('name')
      .where('id', '=', existing as number)
      .executeTakeFirstOrThrow();
    expect(kept.name).toBe('Ya estaba');
    expect(
      await db.selectFrom('tags').select('name').where('key', '=', `${companyId}:nuevo`).execute(),
    ).toEqual([{ name: 'Nuevo' }]);

    expect(await contacts.agentsByEmail(companyId)).toEqual([
      { id: agent.id, email: agent.email.toLowerCase() },
    ]);
    expect(await contacts.isCompanyUser(companyId, agent.id)).toBe(true);
    expect(await contacts.isCompanyUser(await createTestCompany(db), agent.id)).toBe(false);
    expect(await contacts.tagKeys(companyId)).toEqual([
      { id: expect.any(Number), key: `${companyId}:nuevo` },
    ]);
  });

  it('rolls a failed batch back whole', async () => {
    const companyId = await createTestCompany(db, 'Contacts repo');
    const channelId = await createChannel(db, companyId);
    const agent = await createUser(db, companyId, await createRole(db, companyId, 'agente'));
    await expect(
      contacts.transaction(async (trx) => {
        await contacts.insertTags(trx, companyId, [{ name: 'T', color: '#000', key: `${companyId}:t` }]);
        const rows = await contacts.insertContacts(trx, companyId, channelId, [
          contact('5215500000020', agent.id),
        ]);
        // A field that does not exist: the batch fails after its contacts were written.
        await contacts.saveInfos(trx, [{ clientId: rows[0].id, fieldId: -1, value: 'x' }]);
      }),
    ).rejects.toThrow();
    expect(await db.selectFrom('clients').select('id').where('channelId', '=', channelId).execute()).toEqual(
      [],
    );
    expect(await contacts.tagKeys(companyId)).toEqual([]);
  });
});
