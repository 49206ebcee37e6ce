import { describe, expect, it } from 'vitest';
import { jsonb } from '../../src/database/jsonb';
import { TemplateUsageRepository } from '../../src/modules/templates/template-usage.repository';
import { type NewTemplate, TemplatesRepository } from '../../src/modules/templates/templates.repository';
import { createTestCompany, testDatabase } from './database';
import { createChannel, createConversation } from './fixtures';

const db = testDatabase();
const templates = new TemplatesRepository(db);
const usage = new TemplateUsageRepository(db);

function template(companyId: number, channelId: number, fields: Partial<NewTemplate> = {}): NewTemplate {
  return {
    companyId,
    channelId,
    name: 'aviso',
    language: 'es_MX',
    type: 'NORMAL_TEMPLATE',
    category: 'utility',
    components: [{ type: 'BODY', text: 'Hola' }],
    variables: 0,
    origin: 'created',
    providerTemplateId: null,
    providerAccountId: null,
    status: 'submitted',
    rawStatus: 'PENDING',
    reason: null,
    ...fields,
  };
}

async function rowOf(id: number) {
  return db.selectFrom('whatsapp_templates').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('TemplatesRepository', () => {
  it('lists the company’s templates by name, language and id, filtered by channel and status', async () => {
    const company = await createTestCompany(db);
    const other = await createTestCompany(db);
    const wa = await createChannel(db, company, { name: 'WhatsApp ventas' });
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
    const [{ providerId }] = await db
      .selectFrom('channels')
      .select('providerId')
      .where('id', '=', wa)
      .execute();

    const all = await templates.list(company, { channelId: null, status: null });
    expect(all.map((t) => t.id)).toEqual([notice, welcomeEn, welcomeEs]);
    expect(all[2]).toEqual({
      id: welcomeEs,
      companyId: company,
      channelId: wa,
      channelName: 'WhatsApp ventas',
      channelProviderId: providerId,
      name: 'bienvenida',
      language: 'es_MX',
      status: 'accepted',
      // Rows from before issue 16 read as templates the provider has said nothing of.
      rawStatus: null,
      reason: null,
      type: 'NORMAL_TEMPLATE',
      category: 'utility',
      components,
      variables: 1,
      // Stored without a creation through the product: read as one the provider already had.
      origin: 'imported',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/),
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
    expect((await templates.views([welcomeEn, notice])).map((t) => t.id)).toEqual([welcomeEn, notice]);
    expect(await templates.views([])).toEqual([]);
  });

  it('lists newest first, and counts only the templates the company created here', async () => {
    const company = await createTestCompany(db);
    const channel = await createChannel(db, company);
    const first = await templates.upsert(db, template(company, channel, { name: 'uno' }), null);
    const second = await templates.upsert(db, template(company, channel, { name: 'dos' }), null);
    await templates.insertImported(
      db,
      template(company, channel, { name: 'tres', origin: 'imported' }),
      null,
    );
    const listed = await templates.listNewestFirst(company);
    expect(listed.map((t) => t.name)).toEqual(['tres', 'dos', 'uno']);
    expect(await templates.countCreated(db, company)).toBe(2);
    expect(second).toBeGreaterThan(first);
  });

  it('stores a template once per channel, name and language, whoever stores it first', async () => {
    const company = await createTestCompany(db);
    const channel = await createChannel(db, company);
    const imported = await templates.insertImported(
      db,
      template(company, channel, { origin: 'imported', status: 'accepted', rawStatus: 'APPROVED' }),
      new Date('2026-01-01T00:00:00Z'),
    );
    expect(imported).toEqual(expect.any(Number));
    // A second import of the same template adds nothing.
    expect(
      await templates.insertImported(db, template(company, channel, { origin: 'imported' }), null),
    ).toBeUndefined();
    // Our creation of it takes the row over.
    const created = await templates.upsert(
      db,
      template(company, channel, { providerTemplateId: '1689556908129832', providerAccountId: '1022' }),
      null,
    );
    expect(created).toBe(imported);
    expect(await rowOf(created)).toMatchObject({
      origin: 'created',
      providerTemplateId: '1689556908129832',
      providerAccountId: '1022',
      status: 'submitted',
      rawStatus: 'PENDING',
      statusAt: null,
    });
    expect(await templates.findOnChannel(channel, 'aviso', 'es_MX')).toMatchObject({ id: created });
    expect(await templates.findOnChannel(channel, 'aviso', 'en_US')).toBeUndefined();
    await templates.upsert(db, template(company, channel, { language: 'en_US' }), null);
    expect((await templates.byName(channel, 'aviso')).map((t) => t.language)).toEqual(['es_MX', 'en_US']);
    expect(await templates.deleteByIds((await templates.byName(channel, 'aviso')).map((t) => t.id))).toBe(2);
    expect(await templates.byName(channel, 'aviso')).toEqual([]);
  });

  it('finds the templates a status names: by provider id on the platform, by channel, by account', async () => {
    const company = await createTestCompany(db);
    const cloud = await createChannel(db, company, { platform: 'whatsapp_cloud' });
    const cloud2 = await createChannel(db, company, { platform: 'whatsapp_cloud' });
    const dialog = await createChannel(db, company, { platform: 'dialog360' });
    const stamp = `${Date.now()}${process.pid}`;
    const id = `9${stamp}`;
    const account = `7${stamp}`;
    // One template of an account seen through two numbers, and the same name elsewhere.
    const a = await templates.upsert(
      db,
      template(company, cloud, { providerTemplateId: id, providerAccountId: account }),
      null,
    );
    const b = await templates.upsert(
      db,
      template(company, cloud2, { providerTemplateId: id, providerAccountId: account }),
      null,
    );
    const c = await templates.upsert(db, template(company, dialog, { providerTemplateId: id }), null);

    const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id);
    await db.transaction().execute(async (trx) => {
      expect(
        ids(
          await templates.lockMatching(trx, {
            by: 'providerId',
            platform: 'whatsapp_cloud',
            providerTemplateId: id,
            accountId: account,
          }),
        ),
      ).toEqual([a, b]);
      // Another account's event never reaches them, whatever id it names.
      expect(
        await templates.lockMatching(trx, {
          by: 'providerId',
          platform: 'whatsapp_cloud',
          providerTemplateId: id,
          accountId: `8${stamp}`,
        }),
      ).toEqual([]);
      expect(
        ids(
          await templates.lockMatching(trx, {
            by: 'providerId',
            platform: 'dialog360',
            providerTemplateId: id,
            accountId: null,
          }),
        ),
      ).toEqual([c]);
      // A row whose account is not known yet is taken by the id alone.
      expect(
        ids(
          await templates.lockMatching(trx, {
            by: 'providerId',
            platform: 'dialog360',
            providerTemplateId: id,
            accountId: `8${stamp}`,
          }),
        ),
      ).toEqual([c]);
      expect(
        ids(
          await templates.lockMatching(trx, {
            by: 'channel',
            channelId: cloud2,
            name: 'aviso',
            language: 'es_MX',
          }),
        ),
      ).toEqual([b]);
      expect(
        ids(
          await templates.lockMatching(trx, {
            by: 'channel',
            channelId: cloud2,
            name: 'aviso',
            language: 'en_US',
          }),
        ),
      ).toEqual([]);
      expect(
        ids(
          await templates.lockMatching(trx, {
            by: 'account',
            platform: 'whatsapp_cloud',
            accountId: account,
            name: 'aviso',
            language: 'es_MX',
          }),
        ),
      ).toEqual([a, b]);
      expect(
        ids(
          await templates.lockMatching(trx, {
            by: 'account',
            platform: 'dialog360',
            accountId: account,
            name: 'aviso',
            language: 'es_MX',
          }),
        ),
      ).toEqual([]);
      expect(ids(await templates.lockChannelTemplates(trx, cloud))).toEqual([a]);
    });
  });

  it('records what the provider says, and its ids once known', async () => {
    const company = await createTestCompany(db);
    const channel = await createChannel(db, company);
    const id = await templates.upsert(db, template(company, channel), null);
    const at = new Date('2026-05-01T10:00:00Z');
    await templates.setProviderState(
      db,
      id,
      { status: 'denied', rawStatus: 'REJECTED', reason: 'INVALID_FORMAT', statusAt: at },
      {
        providerTemplateId: '123',
        providerAccountId: null,
      },
    );
    expect(await rowOf(id)).toMatchObject({
      status: 'denied',
      rawStatus: 'REJECTED',
      reason: 'INVALID_FORMAT',
      statusAt: at,
      providerTemplateId: '123',
      providerAccountId: null,
    });
    await templates.setProviderIds(db, id, { providerTemplateId: null, providerAccountId: '456' });
    await templates.setProviderState(
      db,
      id,
      { status: 'accepted', rawStatus: 'APPROVED', reason: null, statusAt: null },
      {
        components: [{ type: 'BODY', text: 'Nuevo' }],
      },
    );
    expect(await rowOf(id)).toMatchObject({
      status: 'accepted',
      statusAt: null,
      providerTemplateId: '123',
      providerAccountId: '456',
      components: [{ type: 'BODY', text: 'Nuevo' }],
    });
  });

  it('serializes the creations of one company', async () => {
    const company = await createTestCompany(db);
    const order: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = templates.transaction(async (trx) => {
      await templates.lockCompanyCreation(trx, company);
      order.push('first');
      await held;
      order.push('first done');
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = templates.transaction(async (trx) => {
      await templates.lockCompanyCreation(trx, company);
      order.push('second');
    });
    // Another company is not held up.
    const other = await createTestCompany(db);
    await templates.transaction((trx) => templates.lockCompanyCreation(trx, other));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(order).toEqual(['first']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'first done', 'second']);
  });

  it('keeps header files by company and URL', async () => {
    const company = await createTestCompany(db);
    const other = await createTestCompany(db);
    const channel = await createChannel(db, company);
    const url = `https://crm.example/uploads/2026-05/${Date.now()}.jpg`;
    const media = await templates.insertMedia({
      companyId: company,
      channelId: channel,
      url,
      storageKey: '2026-05/x.jpg',
      handle: '4::aW1hZ2U=',
      mimeType: 'image/jpeg',
      fileName: 'promo.jpg',
      size: 14,
    });
    expect(await templates.mediaByUrl(company, url)).toEqual(media);
    expect(await templates.mediaByUrl(other, url)).toBeUndefined();
  });
});

describe('TemplateUsageRepository', () => {
  it('counts and names the scheduled follow-ups, follow-up bots and welcome messages that use templates', async () => {
    const company = await createTestCompany(db);
    const channel = await createChannel(db, company, { name: 'Ventas' });
    const es = await templates.upsert(db, template(company, channel), null);
    const en = await templates.upsert(db, template(company, channel, { language: 'en_US' }), null);
    const unused = await templates.upsert(db, template(company, channel, { name: 'libre' }), null);
    const ana = await createConversation(db, company, channel, { name: 'Ana' });
    const luis = await createConversation(db, company, channel, { name: 'Luis' });
    const sendAt = new Date(Date.now() + 86_400_000);
    await db
      .insertInto('follow_up_messages')
      .values([
        { companyId: company, clientId: ana, channelId: channel, sendAt, templateId: es },
        { companyId: company, clientId: luis, channelId: channel, sendAt, templateId: en },
        // Sent already: history, not a use.
        { companyId: company, clientId: luis, channelId: channel, sendAt, templateId: es, status: 'sent' },
      ])
      .execute();
    await db
      .insertInto('message_bot_configs')
      .values({ companyId: company, channelId: channel, templateId: en })
      .execute();
    await db
      .insertInto('welcome_messages')
      .values({ companyId: company, channelId: channel, templateId: es })
      .execute();

    expect(await usage.usage([es, en])).toEqual({
      counts: { followUps: 2, botFollowUps: 1, welcomeMessages: 1 },
      names: { followUpContacts: ['Ana', 'Luis'], bots: ['Ventas'], welcomeChannels: ['Ventas'] },
    });
    expect((await usage.usage([unused])).counts).toEqual({
      followUps: 0,
      botFollowUps: 0,
      welcomeMessages: 0,
    });
    expect((await usage.usage([])).counts).toEqual({ followUps: 0, botFollowUps: 0, welcomeMessages: 0 });

    // A template that goes anyway (its channel deleted) leaves the bot tables pointing at nothing.
    await db.deleteFrom('whatsapp_templates').where('id', '=', en).execute();
    const [config] = await db
      .selectFrom('message_bot_configs')
      .select('templateId')
      .where('companyId', '=', company)
      .execute();
    expect(config.templateId).toBeNull();
  });
});
