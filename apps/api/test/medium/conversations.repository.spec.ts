import { ROLE_NAMES } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import { jsonb } from '../../src/database/jsonb';
import {
  encodeListCursor,
  type ListViewer,
  reportCursor,
} from '../../src/modules/clients/conversation-list.query';
import {
  ConversationsRepository,
  type ConversationViewRecord,
} from '../../src/modules/clients/conversations.repository';
import type { ChannelPlatform } from '../../src/providers/channels/channel-provider';
import { createTestCompany, testDatabase } from './database';
import { type ConversationFields, createChannel, createConversation } from './fixtures';
import { createRole, createSpace, createUser } from './people';

const db = testDatabase();
const conversations = new ConversationsRepository(db);

let seq = 0;
/** A channel of the company in the space, or in none. */
const channelIn = (companyId: number, spaceId: number | null, platform?: ChannelPlatform) =>
  createChannel(db, companyId, { platform, spaceIds: spaceId === null ? [] : [spaceId] });

type ListedFields = Pick<
  ConversationFields,
  | 'agentId'
  | 'groupAdminId'
  | 'name'
  | 'lastUpdate'
  | 'createdAt'
  | 'isArchived'
  | 'isBroadcastMessage'
  | 'answered'
> & { withMessage?: boolean };

/** A conversation with a last message, unless `withMessage` is false, and times in the order of creation. */
async function listed(
  companyId: number,
  channelId: number,
  { withMessage = true, ...fields }: ListedFields = {},
) {
  seq += 1;
  const senderId = `52155${String(seq).padStart(8, '0')}`;
  const name = fields.name ?? `Contacto ${seq}`;
  return createConversation(db, companyId, channelId, {
    senderId,
    cleanedName: `${name.toLowerCase().replace(/\s+/g, '')}${senderId}`,
    lastMessageId: withMessage ? seq : null,
    lastUpdate: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString(),
    createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, seq)).toISOString(),
    ...fields,
    name,
  });
}

/** A company with two spaces, their channels, an admin, two agents of the first space and a group admin. */
async function world() {
  const companyId = await createTestCompany(db, 'Conversations repo');
  const spaceA = await createSpace(db, companyId, 'A', true);
  const spaceB = await createSpace(db, companyId, 'B');
  const adminRole = await createRole(db, companyId, ROLE_NAMES.admin, ['agent']);
  const agentRole = await createRole(db, companyId, ROLE_NAMES.agente, ['agent']);
  const groupRole = await createRole(db, companyId, ROLE_NAMES.groupadmin, ['agent']);
  const admin = await createUser(db, companyId, adminRole);
  const agent = await createUser(db, companyId, agentRole);
  const other = await createUser(db, companyId, agentRole);
  const leader = await createUser(db, companyId, groupRole, { isAdminOfIds: [other.id] });
  for (const user of [agent, other, leader]) {
    await db.insertInto('user_spaces').values({ userId: user.id, spaceId: spaceA }).execute();
  }
  const channelA = await channelIn(companyId, spaceA);
  const channelB = await channelIn(companyId, spaceB);
  const sms = await channelIn(companyId, spaceA, 'sms');
  const viewer = (
    id: number,
    roleName: string,
    adminOf: number[] = [],
    selectedSpaceId: number | null = null,
  ) => ({ id, companyId, roleName, adminOf, selectedSpaceId }) as ListViewer;
  return {
    companyId,
    spaceA,
    spaceB,
    channelA,
    channelB,
    sms,
    admin,
    agent,
    other,
    leader,
    asAdmin: viewer(admin.id, ROLE_NAMES.admin),
    asAgent: viewer(agent.id, ROLE_NAMES.agente),
    asLeader: viewer(leader.id, ROLE_NAMES.groupadmin, [other.id]),
    viewer,
  };
}

const ids = (rows: ConversationViewRecord[]) => rows.map((row) => (row.client as { id: number }).id);

describe('ConversationsRepository: the inbox list', () => {
  it("lists the viewer's space channels newest first, without SMS, message-less or another company's", async () => {
    const w = await world();
    const older = await listed(w.companyId, w.channelA, { lastUpdate: '2026-02-01T10:00:00Z' });
    const newer = await listed(w.companyId, w.channelB, { lastUpdate: '2026-02-02T10:00:00Z' });
    await listed(w.companyId, w.sms, { lastUpdate: '2026-02-03T10:00:00Z' });
    const empty = await listed(w.companyId, w.channelA, { withMessage: false });
    const elsewhere = await createTestCompany(db);
    await listed(elsewhere, await channelIn(elsewhere, await createSpace(db, elsewhere, 'X')));

    expect(ids(await conversations.listPage(w.asAdmin, { filterType: 'all' }))).toEqual([newer, older]);
    // A selected space narrows the list to its channels.
    const inSpaceB = w.viewer(w.admin.id, ROLE_NAMES.admin, [], w.spaceB);
    expect(ids(await conversations.listPage(inSpaceB, { filterType: 'all' }))).toEqual([newer]);
    // Searching shows conversations without messages too.
    const found = await conversations.listPage(w.asAdmin, { filterType: 'all', keyword: 'Contacto' });
    expect(ids(found)).toContain(empty);
  });

  it('gives a page of 20 by default and of 100 to a search (02 §7), plus the one row that tells more follow', async () => {
    const w = await world();
    for (let i = 0; i < 25; i += 1) await listed(w.companyId, w.channelA, { name: `Buscado ${i}` });
    expect(await conversations.listPage(w.asAdmin, { filterType: 'all' })).toHaveLength(21);
    expect(await conversations.listPage(w.asAdmin, { filterType: 'all', keyword: 'buscado' })).toHaveLength(
      25,
    );
    expect(
      await conversations.listPage(w.asAdmin, { filterType: 'all', keyword: 'buscado', first: 5 }),
    ).toHaveLength(6);
  });

  it('shows agents their own, group admins their group and agents, and filters by type', async () => {
    const w = await world();
    const mine = await listed(w.companyId, w.channelA, { agentId: w.agent.id });
    const theirs = await listed(w.companyId, w.channelA, { agentId: w.other.id });
    const grouped = await listed(w.companyId, w.channelA, { groupAdminId: w.leader.id });
    const archived = await listed(w.companyId, w.channelA, {
      agentId: w.agent.id,
      isArchived: true,
    });
    const answered = await listed(w.companyId, w.channelA, {
      agentId: w.agent.id,
      answered: true,
    });
    // Space B is not the agent's.
    const outside = await listed(w.companyId, w.channelB, { agentId: w.agent.id });

    expect(ids(await conversations.listPage(w.asAgent, { filterType: 'all' }))).toEqual([answered, mine]);
    expect(ids(await conversations.listPage(w.asAgent, { filterType: 'assigned' }))).toEqual([
      answered,
      mine,
    ]);
    expect(ids(await conversations.listPage(w.asAgent, { filterType: 'unanswered' }))).toEqual([mine]);
    expect(ids(await conversations.listPage(w.asAgent, { filterType: 'archived' }))).toEqual([archived]);
    expect(ids(await conversations.listPage(w.asLeader, { filterType: 'all' }))).toEqual([grouped, theirs]);
    expect(ids(await conversations.listPage(w.asAdmin, { filterType: 'others' }))).toEqual([
      outside,
      answered,
      grouped,
      theirs,
      mine,
    ]);
  });

  it('pages on the keyset cursor without repeating or skipping rows that differ by microseconds', async () => {
    const w = await world();
    const created: number[] = [];
    for (const micro of ['000001', '000002', '000003', '000004', '000005']) {
      created.push(await listed(w.companyId, w.channelA, { lastUpdate: `2026-03-01T10:00:00.${micro}Z` }));
    }
    const seen: number[] = [];
    let after: string | null = null;
    for (let page = 0; page < 5; page++) {
      const rows = await conversations.listPage(w.asAdmin, { filterType: 'all', first: 2, after });
      seen.push(...ids(rows.slice(0, 2)));
      if (rows.length <= 2) break;
      after = encodeListCursor(rows[1].client as { lastUpdate: string; id: number });
    }
    expect(seen).toEqual([...created].reverse());
  });

  it('filters by any one of the tags, channel and keyword, and returns the view columns', async () => {
    const w = await world();
    const tag = await db
      .insertInto('tags')
      .values({ companyId: w.companyId, name: 'VIP', color: '#000', key: `${w.companyId}:vip` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tagged = await listed(w.companyId, w.channelA, {
      name: 'Ana Garcia',
      agentId: w.agent.id,
    });
    await listed(w.companyId, w.channelA, { name: 'Luis Garcia' });
    await db.insertInto('client_tags').values({ clientId: tagged, tagId: tag.id }).execute();

    const rows = await conversations.listPage(w.asAdmin, { filterType: 'all', tagsIds: [tag.id, -1] });
    expect(ids(rows)).toEqual([tagged]);
    expect(rows[0]).toMatchObject({
      x_channel: { id: w.channelA, platform: 'whatsapp_cloud' },
      x_agent: { id: w.agent.id },
      x_category: null,
      x_tags: [{ id: tag.id, name: 'VIP', color: '#000' }],
    });
    expect(await conversations.listPage(w.asAdmin, { filterType: 'all', keyword: 'garcia' })).toHaveLength(2);
    expect(
      await conversations.listPage(w.asAdmin, {
        filterType: 'all',
        keyword: 'garcia',
        channelsIds: [w.channelB],
      }),
    ).toHaveLength(0);
  });

  it('lists the channels of the inbox by name, not SMS', async () => {
    const w = await world();
    const listed = await conversations.listedChannels(w.asAgent);
    expect(listed.map((c) => c.id)).toEqual([w.channelA]);
    expect((await conversations.listedChannels(w.asAdmin)).map((c) => c.id).sort()).toEqual(
      [w.channelA, w.channelB].sort(),
    );
  });
});

describe('ConversationsRepository: the contacts report', () => {
  it('includes archived and message-less contacts (SMS too), ordered and paged on the chosen date', async () => {
    const w = await world();
    const a = await listed(w.companyId, w.channelA, {
      createdAt: '2025-05-03T00:00:00Z',
      isArchived: true,
    });
    const b = await listed(w.companyId, w.sms, {
      createdAt: '2025-05-01T00:00:00Z',
      withMessage: false,
    });
    const c = await listed(w.companyId, w.channelB, { createdAt: '2025-05-02T00:00:00Z' });
    const field = await db
      .insertInto('datasheet_fields')
      .values({
        companyId: w.companyId,
        name: 'Email',
        key: `${w.companyId}:email`,
        type: 'email',
        options: jsonb([]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('client_infos').values({ clientId: a, fieldId: field.id, value: 'a@b.mx' }).execute();

    const input = { filterContactsBy: 'createdAt' as const, first: 2 };
    const first = await conversations.reportPage(w.asAdmin, input);
    expect(first.map((r) => r.id)).toEqual([a, c, b]);
    expect(first[0]).toMatchObject({ infos: [{ name: 'Email', type: 'email', value: 'a@b.mx' }], tags: [] });
    expect(first[0].createdAt).toMatch(/^2025-05-03T00:00:00/);
    const next = await conversations.reportPage(w.asAdmin, {
      ...input,
      after: reportCursor(first[1], input),
    });
    expect(next.map((r) => r.id)).toEqual([b]);
    // The same filter as the inbox: an agent sees only theirs.
    expect(await conversations.reportPage(w.asAgent, {})).toEqual([]);
  });
});

describe('ConversationsRepository: views and actions', () => {
  it('reads views of existing conversations only', async () => {
    const w = await world();
    const one = await listed(w.companyId, w.channelA);
    const rows = await conversations.views([one, -5]);
    expect(ids(rows)).toEqual([one]);
    expect(rows[0].x_tags).toEqual([]);
  });

  it('assigns with the predefined tag in one transaction, keeping the group unless one is given', async () => {
    const w = await world();
    const id = await listed(w.companyId, w.channelA, { groupAdminId: w.leader.id });
    const tag = {
      companyId: w.companyId,
      name: 'Reasignada',
      color: '#fff',
      key: `${w.companyId}:reasignada`,
    };
    await conversations.assign(id, { agentId: w.agent.id }, tag);
    await conversations.assign(id, { agentId: w.other.id }, tag);
    let row = await conversations.findById(id);
    expect(row).toMatchObject({ agentId: w.other.id, groupAdminId: w.leader.id });
    await conversations.assign(id, { agentId: null, groupAdminId: w.admin.id }, tag);
    row = await conversations.findById(id);
    expect(row).toMatchObject({ agentId: null, groupAdminId: w.admin.id });
    const tags = await db.selectFrom('tags').select(['id', 'isDefault']).where('key', '=', tag.key).execute();
    expect(tags).toEqual([{ id: expect.any(Number), isDefault: true }]);
    const [view] = await conversations.views([id]);
    expect(view.x_tags).toEqual([expect.objectContaining({ id: tags[0].id })]);
  });

  it('assigns automatically only an unassigned conversation, to available agents with the channel', async () => {
    const w = await world();
    const id = await listed(w.companyId, w.channelA, { withMessage: false });
    await listed(w.companyId, w.channelA, { agentId: w.agent.id });
    await db
      .updateTable('users')
      .set({ isAvailable: true })
      .where('id', 'in', [w.agent.id, w.admin.id])
      .execute();
    await db
      .updateTable('users')
      .set({ isAvailable: false })
      .where('id', 'in', [w.other.id, w.leader.id])
      .execute();
    // Off unless the company (or the default) turns it on.
    expect(await conversations.assignmentCandidates(w.companyId, w.channelA, false)).toEqual([]);
    const candidates = await conversations.assignmentCandidates(w.companyId, w.channelA, true);
    expect(candidates).toEqual([{ id: w.agent.id, load: 1, workingHours: null }]);
    expect(await conversations.assignmentCandidates(w.companyId, w.channelB, true)).toEqual([]);
    const results = await Promise.all([
      conversations.assignIfUnassigned(id, w.agent.id),
      conversations.assignIfUnassigned(id, w.other.id),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await conversations.assignIfUnassigned(id, w.agent.id)).toBe(false);
  });

  it('tells what a reassignment checks of the agent', async () => {
    const w = await world();
    await db.updateTable('users').set({ isAvailable: false }).where('id', '=', w.agent.id).execute();
    expect(await conversations.reassignTarget(w.agent.id, w.channelA, true)).toEqual({
      companyId: w.companyId,
      isAgent: true,
      everySpace: false,
      isAvailable: false,
      onlyAvailable: true,
      inSpace: true,
    });
    expect(await conversations.reassignTarget(w.agent.id, w.channelB, false)).toMatchObject({
      inSpace: false,
      onlyAvailable: false,
    });
    expect(await conversations.reassignTarget(w.admin.id, w.channelB, false)).toMatchObject({
      everySpace: true,
    });
    expect(await conversations.userRole(w.leader.id)).toEqual({
      companyId: w.companyId,
      roleName: 'groupadmin',
    });
  });

  it('closes (archiving only when asked, never unarchiving) and deletes only the company’s', async () => {
    const w = await world();
    const open = await listed(w.companyId, w.channelA);
    const archived = await listed(w.companyId, w.channelA, { isArchived: true });
    await conversations.close(open, false);
    await conversations.close(archived, false);
    expect(await conversations.findById(open)).toMatchObject({ isClosed: true, isArchived: false });
    expect(await conversations.findById(archived)).toMatchObject({ isClosed: true, isArchived: true });
    await conversations.close(open, true);
    expect(await conversations.findById(open)).toMatchObject({ isArchived: true });

    const elsewhere = await createTestCompany(db);
    expect(await conversations.deleteMany(elsewhere, [open])).toEqual([]);
    expect((await conversations.deleteMany(w.companyId, [open, archived])).sort()).toEqual(
      [open, archived].sort(),
    );
    expect(await conversations.findById(open)).toBeUndefined();
  });
});
