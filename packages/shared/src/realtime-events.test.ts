import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ConversationView } from './messaging';
import {
  agentAdminsRoom,
  agentRoom,
  companyConversationsRoom,
  companyRoom,
  conversationAudienceRooms,
  conversationRoomsOfViewer,
  groupAdminRoom,
  isCompanyWideRole,
  onboardingRoom,
  phoneRoom,
  REALTIME_EVENTS,
  type RealtimeEventMap,
  type RealtimeEventName,
  roomForUser,
} from './realtime-events';
import { canViewerSeeConversation } from './rules/conversation-list';

describe('realtime events', () => {
  it('uses the wire names as values', () => {
    for (const [key, value] of Object.entries(REALTIME_EVENTS)) expect(value).toBe(key);
    expect(Object.keys(REALTIME_EVENTS)).toHaveLength(25);
  });

  it('types every event in the payload map', () => {
    expectTypeOf<keyof RealtimeEventMap>().toEqualTypeOf<RealtimeEventName>();
    expectTypeOf<RealtimeEventMap['progressBar']>().toEqualTypeOf<{
      progress: number;
      processed: number;
      total: number;
    }>();
  });
});

describe('rooms', () => {
  it('names company and agent rooms as in 02 §7', () => {
    expect(companyRoom(7)).toBe('company_7');
    expect(agentRoom(12)).toBe('agent_12');
    expect(onboardingRoom(3)).toBe('onboarding_3');
    expect(phoneRoom('5215511112222')).toBe('phone_5215511112222');
    expect(companyConversationsRoom(7)).toBe('company_conversations_7');
    expect(agentAdminsRoom(12)).toBe('agent_admins_12');
    expect(groupAdminRoom(12)).toBe('group_admin_12');
  });

  it('puts admins, superadmins and group admins in the company room', () => {
    expect(roomForUser('admin', 1, 9)).toBe('company_1');
    expect(roomForUser('superadmin', 1, 9)).toBe('company_1');
    expect(roomForUser('groupadmin', 1, 9)).toBe('company_1');
  });

  it('puts agents and other roles in their own room', () => {
    expect(roomForUser('agente', 1, 9)).toBe('agent_9');
    expect(roomForUser('Community Manager', 1, 9)).toBe('agent_9');
    expect(roomForUser('Admin', 1, 9)).toBe('agent_9');
    expect(isCompanyWideRole('agente')).toBe(false);
  });
});

describe('conversation rooms', () => {
  const companyId = 1;
  // Users 1..6 of one company; 5 and 6 are the agents some of them administer.
  const viewers = [
    { userId: 1, roleName: 'admin', adminOf: [] },
    { userId: 2, roleName: 'superadmin', adminOf: [] },
    { userId: 3, roleName: 'groupadmin', adminOf: [] },
    { userId: 4, roleName: 'groupadmin', adminOf: [5] },
    { userId: 7, roleName: 'admin', adminOf: [6] },
    { userId: 8, roleName: 'agente', adminOf: [5, 6] },
    { userId: 5, roleName: 'agente', adminOf: [] },
    { userId: 6, roleName: 'Community Manager', adminOf: [] },
  ].map((v) => ({ ...v, companyId }));
  const owners = [null, 1, 3, 4, 5, 6, 7];
  const groups = [null, 3, 4, 5];

  it('shares a room between a viewer and a conversation exactly when 02 §6 lets the viewer see it', () => {
    for (const viewer of viewers) {
      const joined = new Set(conversationRoomsOfViewer(viewer));
      for (const agentId of owners) {
        for (const groupAdminId of groups) {
          const audience = conversationAudienceRooms({ companyId, agentId, groupAdminId });
          const reached = audience.some((room) => joined.has(room));
          const conversation: Pick<ConversationView, 'agentId' | 'groupAdminId' | 'channel'> = {
            agentId,
            groupAdminId,
            channel: { id: 1, name: 'WhatsApp', platform: 'whatsapp', phone: null },
          };
          const sees = canViewerSeeConversation({ ...viewer, spaceChannelIds: [1] }, conversation);
          expect({ viewer: viewer.userId, agentId, groupAdminId, reached }).toEqual({
            viewer: viewer.userId,
            agentId,
            groupAdminId,
            reached: sees,
          });
        }
      }
    }
  });

  it('keeps group admins and admins of agents out of the whole-company conversation room', () => {
    const rooms = (roleName: string, adminOf: number[]) =>
      conversationRoomsOfViewer({ userId: 9, companyId: 2, roleName, adminOf });
    expect(rooms('admin', [])).toEqual(['agent_9', 'company_conversations_2']);
    expect(rooms('groupadmin', [])).toEqual(['agent_9', 'group_admin_9']);
    expect(rooms('admin', [4, 4, 5])).toEqual(['agent_9', 'agent_admins_4', 'agent_admins_5']);
    expect(rooms('agente', [])).toEqual(['agent_9']);
    expect(conversationAudienceRooms({ companyId: 2, agentId: null, groupAdminId: null })).toEqual([
      'company_conversations_2',
    ]);
    expect(conversationAudienceRooms({ companyId: 2, agentId: 5, groupAdminId: 3 })).toEqual([
      'company_conversations_2',
      'agent_5',
      'agent_admins_5',
      'group_admin_3',
    ]);
  });

  it('never sends a conversation to the company room of company-wide events', () => {
    const audience = conversationAudienceRooms({ companyId: 2, agentId: 5, groupAdminId: 3 });
    expect(audience).not.toContain(companyRoom(2));
  });
});
