import { describe, expect, it } from 'vitest';
import { jsonb } from '../../src/database/jsonb';
import { TemplatesRepository } from '../../src/modules/templates/templates.repository';
import { createTestCompany, testDatabase } from './database';
import { createChannel } from './fixtures';

const db = testDatabase();
const templates = new TemplatesRepository(db);

describe('TemplatesRepository', () => {
  it('lists the company’s templates by name, language and id, filtered by channel and status', async () => {
    const company = await createTestCompany(db);
    const other = await createTestCompany(db);
    const wa = await createChannel(db, company);
    const wa2 = await createChannel(db, company);
    const foreign = await createChannel(db, other);
    const components = [{ type: 'BODY' as const, text: 'Hola {{1}}' }];
    const inserted = await db
      .insertInto('whatsapp_templates')
      .values([
        {
          companyId: company,
          channelId: wa,
          name: 'bienvenida',
          language: 'es_MX',
          status: 'accepted',
          components: jsonb(components),
          variables: 1,
        },
        { companyId: company, channelId: wa, name: 'bienvenida', language: 'en_US', status: 'submitted' },
        { companyId: company, channelId: wa2, name: 'aviso', language: 'es_MX', status: 'accepted' },
        { companyId: other, channelId: foreign, name: 'ajena', language: 'es_MX', status: 'accepted' },
      ])
      .returning('id')
      .execute();
    const [welcomeEs, welcomeEn, notice] = inserted.map((row) => row.id);

    const all = await templates.list(company, { channelId: null, status: null });
    expect(all.map((t) => t.id)).toEqual([notice, welcomeEn, welcomeEs]);
    expect(all[2]).toEqual({
      id: welcomeEs,
      channelId: wa,
      name: 'bienvenida',
      language: 'es_MX',
      status: 'accepted',
      type: expect.any(String),
      category: expect.any(String),
      components,
      variables: 1,
    });
    expect((await templates.list(company, { channelId: wa, status: null })).map((t) => t.id)).toEqual([
      welcomeEn,
      welcomeEs,
    ]);
    expect((await templates.list(company, { channelId: wa, status: 'accepted' })).map((t) => t.id)).toEqual([
      welcomeEs,
    ]);
    expect(await templates.list(company, { channelId: null, status: 'denied' })).toEqual([]);
    expect(await templates.list(company, { channelId: foreign, status: null })).toEqual([]);
  });
});
