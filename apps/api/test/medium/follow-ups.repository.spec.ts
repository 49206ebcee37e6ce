import { describe, expect, it } from 'vitest';
import { jsonb } from '../../src/database/jsonb';
import { FollowUpsRepository, type FollowUpWrite } from '../../src/modules/follow-ups/follow-ups.repository';
import { testDatabase } from './database';
import { createCompanyConversation } from './fixtures';
import { createRole, createUser } from './people';

const db = testDatabase();
const followUps = new FollowUpsRepository(db);

async function conversation() {
  const { companyId, channelId, clientId } = await createCompanyConversation(db, {
    companyName: 'Follow-ups repo',
  });
  const agent = await createUser(db, companyId, await createRole(db, companyId, 'agente'), { name: 'Ana' });
  const owner = { companyId, clientId, channelId, agentId: agent.id };
  return { companyId, channelId, clientId, agentId: agent.id, owner };
}

const write = (sendAt: string, fields: Partial<FollowUpWrite> = {}): FollowUpWrite => ({
  content: 'Hola',
  sendAt: new Date(sendAt),
  templateId: null,
  variables: [],
  file: null,
  ...fields,
});

const flag = async (clientId: number) =>
  (
    await db
      .selectFrom('clients')
      .select('hasFollowUpMessage')
      .where('id', '=', clientId)
      .executeTakeFirstOrThrow()
  ).hasFollowUpMessage;

describe('FollowUpsRepository', () => {
  it('creates with the flag up, lists the scheduled ones soonest first, with names and sendAt as written', async () => {
    const c = await conversation();
    const template = await db
      .insertInto('whatsapp_templates')
      .values({ companyId: c.companyId, channelId: c.channelId, name: 'recordatorio', variables: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const later = await followUps.create(c.owner, write('2030-01-02T10:00:00.123Z'));
    const sooner = await followUps.create(
      c.owner,
      write('2030-01-01T10:00:00Z', {
        templateId: template.id,
        variables: ['Ana'],
        file: { url: 'https://x/y.pdf', name: 'y.pdf', fileType: 'document', mimeType: null, weight: 3 },
      }),
    );
    expect(await flag(c.clientId)).toBe(true);
    const list = await followUps.scheduled(c.clientId);
    expect(list.map((f) => f.id)).toEqual([sooner, later]);
    expect(list[0]).toMatchObject({
      agentName: 'Ana',
      templateName: 'recordatorio',
      variables: ['Ana'],
      file: { url: 'https://x/y.pdf', fileType: 'document' },
      status: 'scheduled',
      sendAt: '2030-01-01T10:00:00+00:00',
    });
    expect(list[1].sendAt).toBe('2030-01-02T10:00:00.123+00:00');
    expect(await followUps.template(template.id)).toEqual({
      companyId: c.companyId,
      channelId: c.channelId,
      status: 'submitted',
      variables: 1,
    });
  });

  it('edits only a scheduled one, and lowers the flag when the last one goes', async () => {
    const c = await conversation();
    const a = await followUps.create(c.owner, write('2030-01-01T10:00:00Z'));
    const b = await followUps.create(c.owner, write('2030-01-02T10:00:00Z'));
    await followUps.update(a, write('2030-02-01T10:00:00Z', { content: 'Editado' }));
    expect(await followUps.byId(a)).toMatchObject({
      content: 'Editado',
      sendAt: '2030-02-01T10:00:00+00:00',
    });
    await db.updateTable('follow_up_messages').set({ status: 'sent' }).where('id', '=', b).execute();
    await followUps.update(b, write('2030-03-01T10:00:00Z', { content: 'Tarde' }));
    expect(await followUps.byId(b)).toMatchObject({ content: 'Hola', status: 'sent' });
    expect(await followUps.owner(b)).toEqual({
      clientId: c.clientId,
      companyId: c.companyId,
      status: 'sent',
    });

    // The sent one does not keep the flag up once the scheduled one is deleted.
    await followUps.delete(a, c.clientId);
    expect(await flag(c.clientId)).toBe(false);
    expect(await followUps.byId(a)).toBeUndefined();
  });

  it('finds the scheduled ones due, soonest first', async () => {
    const c = await conversation();
    const due1 = await followUps.create(c.owner, write('2001-01-02T00:00:00Z'));
    const due0 = await followUps.create(c.owner, write('2001-01-01T00:00:00Z'));
    const sent = await followUps.create(c.owner, write('2001-01-01T12:00:00Z'));
    await db.updateTable('follow_up_messages').set({ status: 'sent' }).where('id', '=', sent).execute();
    await followUps.create(c.owner, write('2001-02-01T00:00:00Z'));
    const due = await followUps.due(new Date('2001-01-15T00:00:00Z'));
    expect(due.filter((id) => [due0, due1, sent].includes(id))).toEqual([due0, due1]);
    // jsonb columns read back typed
    await db
      .updateTable('follow_up_messages')
      .set({ variables: jsonb(['x']) })
      .where('id', '=', due0)
      .execute();
    expect((await followUps.byId(due0))?.variables).toEqual(['x']);
  });
});
