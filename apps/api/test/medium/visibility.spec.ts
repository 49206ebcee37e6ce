import {
  type ConversationViewer,
  canViewerSeeConversation,
  ROLE_NAMES,
  seesConversationOf,
} from '@crm/shared';
import { describe, expect, it } from 'vitest';
import { canSeeClient } from '../../src/modules/clients/client-access';
import type { ListViewer } from '../../src/modules/clients/conversation-list.query';
import { ConversationsRepository } from '../../src/modules/clients/conversations.repository';
import { createTestCompany, testDatabase } from './database';
import { createChannel, createConversation } from './fixtures';
import { createRole, createSpace, createUser } from './people';

const db = testDatabase();
const conversations = new ConversationsRepository(db);

/**
 * 02 §6 agreement (issue 15 §3): for every kind of viewer and every space selection, the conversations the list's
 * SQL returns are exactly those the shared predicate accepts, and the API's single-conversation check says yes to
 * exactly the same conversations regardless of space.
 */
describe('one visibility rule', () => {
  it('lets the list SQL, the shared predicate and the single-conversation check agree row for row', async () => {
    const companyId = await createTestCompany(db, 'Visibility');
    const spaceA = await createSpace(db, companyId, 'A', true);
    const spaceB = await createSpace(db, companyId, 'B');
    const role = async (name: string) => createRole(db, companyId, name);
    const roles = {
      superadmin: await role(ROLE_NAMES.superadmin),
      admin: await role(ROLE_NAMES.admin),
      groupadmin: await role(ROLE_NAMES.groupadmin),
      agente: await role(ROLE_NAMES.agente),
    };
    const channelA = await createChannel(db, companyId, { spaceIds: [spaceA] });
    const channelB = await createChannel(db, companyId, { spaceIds: [spaceB] });
    const channelAB = await createChannel(db, companyId, { spaceIds: [spaceA, spaceB] });
    const spaceChannels = new Map([
      [spaceA, [channelA, channelAB]],
      [spaceB, [channelB, channelAB]],
    ]);

    const agentA = await createUser(db, companyId, roles.agente);
    const agentB = await createUser(db, companyId, roles.agente);
    const agentC = await createUser(db, companyId, roles.agente);
    const group = await createUser(db, companyId, roles.groupadmin, { isAdminOfIds: [agentB.id] });
    const admin = await createUser(db, companyId, roles.admin);
    const narrowAdmin = await createUser(db, companyId, roles.admin, { isAdminOfIds: [agentA.id] });
    const superadmin = await createUser(db, companyId, roles.superadmin);
    const memberships: Array<[number, number[]]> = [
      [agentA.id, [spaceA]],
      [agentB.id, [spaceA, spaceB]],
      [agentC.id, []],
      [group.id, [spaceB]],
      [narrowAdmin.id, [spaceA]],
    ];
    for (const [userId, spaces] of memberships) {
      for (const spaceId of spaces) await db.insertInto('user_spaces').values({ userId, spaceId }).execute();
    }

    // Every channel × assigned agent × group leader.
    const seeded: Array<{
      id: number;
      channelId: number;
      agentId: number | null;
      groupAdminId: number | null;
    }> = [];
    let n = 0;
    for (const channelId of [channelA, channelB, channelAB]) {
      for (const agentId of [null, agentA.id, agentB.id, agentC.id, group.id, admin.id]) {
        for (const groupAdminId of [null, group.id]) {
          n += 1;
          const id = await createConversation(db, companyId, channelId, {
            name: `Contacto ${n}`,
            cleanedName: `contacto${n}`,
            agentId,
            groupAdminId,
            lastMessageId: n,
            lastUpdate: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
          });
          seeded.push({ id, channelId, agentId, groupAdminId });
        }
      }
    }

    const viewers: Array<{ id: number; roleName: string; adminOf: number[]; spaces: number[] }> = [
      { id: agentA.id, roleName: ROLE_NAMES.agente, adminOf: [], spaces: [spaceA] },
      { id: agentB.id, roleName: ROLE_NAMES.agente, adminOf: [], spaces: [spaceA, spaceB] },
      { id: agentC.id, roleName: ROLE_NAMES.agente, adminOf: [], spaces: [] },
      { id: group.id, roleName: ROLE_NAMES.groupadmin, adminOf: [agentB.id], spaces: [spaceB] },
      { id: admin.id, roleName: ROLE_NAMES.admin, adminOf: [], spaces: [spaceA, spaceB] },
      { id: narrowAdmin.id, roleName: ROLE_NAMES.admin, adminOf: [agentA.id], spaces: [spaceA, spaceB] },
      { id: superadmin.id, roleName: ROLE_NAMES.superadmin, adminOf: [], spaces: [spaceA, spaceB] },
    ];
    let compared = 0;
    for (const viewer of viewers) {
      for (const selectedSpaceId of [null, spaceA, spaceB]) {
        const listViewer: ListViewer = { ...viewer, companyId, selectedSpaceId };
        const rows = await conversations.listPage(listViewer, { filterType: 'all', first: 500 });
        const listed = rows.map((row) => row.client.id as number).sort((a, b) => a - b);
        // The channels the list shows: the selected space's, else every space of the viewer's.
        const spaces = selectedSpaceId === null ? viewer.spaces : [selectedSpaceId];
        const predicateViewer: ConversationViewer = {
          userId: viewer.id,
          roleName: viewer.roleName,
          adminOf: viewer.adminOf,
          spaceChannelIds: [...new Set(spaces.flatMap((space) => spaceChannels.get(space) ?? []))],
        };
        const expected = seeded
          .filter((c) =>
            canViewerSeeConversation(predicateViewer, {
              ...c,
              channel: { id: c.channelId, name: '', platform: 'whatsapp_cloud', phone: null },
            }),
          )
          .map((c) => c.id)
          .sort((a, b) => a - b);
        expect({ viewer: viewer.id, selectedSpaceId, listed }).toEqual({
          viewer: viewer.id,
          selectedSpaceId,
          listed: expected,
        });
        compared += seeded.length;
      }
      const user = {
        id: viewer.id,
        companyId,
        roleName: viewer.roleName,
        adminOf: viewer.adminOf,
        permissions: {},
        sessionId: 's',
        selectedSpaceId: null,
      };
      for (const c of seeded) {
        expect(canSeeClient({ user, adminOf: viewer.adminOf }, { ...c, companyId })).toBe(
          seesConversationOf({ userId: viewer.id, roleName: viewer.roleName, adminOf: viewer.adminOf }, c),
        );
        expect(canSeeClient({ user, adminOf: viewer.adminOf }, { ...c, companyId: companyId + 1 })).toBe(
          false,
        );
      }
    }
    // 7 viewer kinds × 3 space selections × 36 conversations, and the rule is not trivially all or nothing.
    expect(compared).toBe(7 * 3 * 36);
    const agentASees = seeded.filter((c) =>
      seesConversationOf({ userId: agentA.id, roleName: 'agente', adminOf: [] }, c),
    );
    expect(agentASees.length).toBeGreaterThan(0);
    expect(agentASees.length).toBeLessThan(seeded.length);
  });
});
