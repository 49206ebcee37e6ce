import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ConversationChannelView, ConversationView, MessageView } from '../messaging';
import { REALTIME_EVENTS, type RealtimeEventMap } from '../realtime-events';
import { conversationView, messageView } from '../test/fixtures';
import {
  applyConversationEvent,
  CONVERSATION_FILTER_TYPES,
  CONVERSATION_LIST_EVENT_KINDS,
  type ConversationFilterType,
  type ConversationListEvent,
  type ConversationListEventKind,
  type ConversationListFilter,
  type ConversationListState,
  type ConversationViewer,
  canViewerSeeConversation,
  compareConversations,
  DEFAULT_CONVERSATION_FILTER,
  defaultConversationFilterType,
  EMPTY_CONVERSATION_LIST,
  isConversationFilterType,
  matchesConversationFilter,
  mergePage,
  selectConversation,
} from './conversation-list';

// Users: 7 = agent Ana, 8 = agent Beto, 20 = group admin Gabi, 1 = admin Alma.
const ANA = 7;
const BETO = 8;
const GABI = 20;
const ALMA = 1;

const WHATSAPP: ConversationChannelView = {
  id: 1,
  name: 'Ventas',
  platform: 'whatsapp',
  phone: '5215500000001',
};
const MESSENGER: ConversationChannelView = { id: 2, name: 'Página', platform: 'messenger', phone: null };
const SMS: ConversationChannelView = { id: 3, name: 'Avisos', platform: 'sms', phone: '5215500000003' };
const OTHER_SPACE: ConversationChannelView = {
  id: 9,
  name: 'Sucursal',
  platform: 'whatsapp',
  phone: '5215500000009',
};

const SPACE = [WHATSAPP.id, MESSENGER.id, SMS.id];

const ana: ConversationViewer = { userId: ANA, roleName: 'agente', adminOf: [], spaceChannelIds: SPACE };
const alma: ConversationViewer = { userId: ALMA, roleName: 'admin', adminOf: [], spaceChannelIds: SPACE };
const gabi: ConversationViewer = {
  userId: GABI,
  roleName: 'groupadmin',
  adminOf: [BETO],
  spaceChannelIds: SPACE,
};

// Higher id = more recent activity, so the server's order is descending id.
function minutesAfterStart(minutes: number): string {
  return new Date(Date.UTC(2025, 2, 1, 12, minutes)).toISOString();
}

function conversation(id: number, overrides: Partial<ConversationView> = {}): ConversationView {
  const phone = `52155${String(id).padStart(8, '0')}`;
  return conversationView({
    id,
    key: `${WHATSAPP.id}_${phone}@c.us`,
    senderId: `${phone}@c.us`,
    priority: 0.5,
    answered: true,
    agentId: ANA,
    agent: { id: ANA, name: 'Ana', imageUrl: null },
    lastMessageStatus: 'sent',
    lastUpdate: minutesAfterStart(id),
    createdAt: minutesAfterStart(0),
    windowRemainingTime: 1440,
    channel: WHATSAPP,
    ...overrides,
  });
}

function message(clientId: number, id: number, overrides: Partial<MessageView> = {}): MessageView {
  return messageView({
    id,
    clientId,
    channelId: WHATSAPP.id,
    content: 'Buenas tardes',
    messageApiId: `wamid.${id}`,
    time: minutesAfterStart(100),
    createdAt: minutesAfterStart(100),
    ...overrides,
  });
}

/** The row as the server sends it after a new message was stored. */
function afterMessage(row: ConversationView, msg: MessageView, serverUnread: number): ConversationView {
  return {
    ...row,
    lastMessageId: msg.id,
    lastMessage: msg.content,
    lastMessageSender: msg.sender,
    lastUpdate: msg.createdAt,
    unreadMessages: serverUnread,
    answered: msg.sender !== 'CLIENT',
  };
}

function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

function filter(overrides: Partial<ConversationListFilter> = {}): ConversationListFilter {
  return { ...DEFAULT_CONVERSATION_FILTER, ...overrides };
}

function listOf(...items: ConversationView[]): ConversationListState {
  return { items, selectedId: null };
}

function ids(state: ConversationListState): number[] {
  return state.items.map((item) => item.id);
}

function row(state: ConversationListState, id: number): ConversationView | undefined {
  return state.items.find((item) => item.id === id);
}

function newMessage(client: ConversationView, msg: MessageView): ConversationListEvent {
  return { kind: 'newMessage', payload: { client, message: msg } };
}

const ASSIGNED = filter();
const ALL = filter({ type: 'all' });

describe('conversation filter types', () => {
  it('keeps the API values in the API order', () => {
    expect(CONVERSATION_FILTER_TYPES).toEqual([
      'assigned',
      'all',
      'unanswered',
      'unreadMessages',
      'archived',
      'archivedBroadcast',
      'valuable',
      'others',
    ]);
  });

  it('recognises only the known filter types', () => {
    expect(isConversationFilterType('archivedBroadcast')).toBe(true);
    expect(isConversationFilterType('Archived')).toBe(false);
    expect(isConversationFilterType('')).toBe(false);
  });

  it('defaults to the assigned view with no other condition', () => {
    expect(DEFAULT_CONVERSATION_FILTER).toEqual({
      type: 'assigned',
      keyword: null,
      tagsIds: [],
      agentId: null,
      channelsIds: [],
      dateFrom: null,
      dateTo: null,
    });
  });
});

describe('canViewerSeeConversation', () => {
  it('lets an admin or superadmin without administered agents see every conversation of the space', () => {
    const superadmin: ConversationViewer = { ...alma, roleName: 'superadmin' };
    for (const viewer of [alma, superadmin]) {
      expect(canViewerSeeConversation(viewer, conversation(1, { agentId: BETO }))).toBe(true);
      expect(canViewerSeeConversation(viewer, conversation(2, { agentId: null }))).toBe(true);
    }
  });

  it('narrows an admin with administered agents to those agents and their own conversations', () => {
    const narrowed: ConversationViewer = { ...alma, adminOf: [BETO] };
    expect(canViewerSeeConversation(narrowed, conversation(1, { agentId: BETO }))).toBe(true);
    expect(canViewerSeeConversation(narrowed, conversation(2, { agentId: ALMA }))).toBe(true);
    expect(canViewerSeeConversation(narrowed, conversation(3, { agentId: ANA }))).toBe(false);
    expect(canViewerSeeConversation(narrowed, conversation(4, { agentId: null }))).toBe(false);
  });

  it('shows an agent only the conversations assigned to them', () => {
    expect(canViewerSeeConversation(ana, conversation(1, { agentId: ANA }))).toBe(true);
    expect(canViewerSeeConversation(ana, conversation(2, { agentId: BETO }))).toBe(false);
    expect(canViewerSeeConversation(ana, conversation(3, { agentId: null }))).toBe(false);
  });

  it('shows a group admin their group and their agents, nothing else', () => {
    expect(canViewerSeeConversation(gabi, conversation(1, { agentId: ANA, groupAdminId: GABI }))).toBe(true);
    expect(canViewerSeeConversation(gabi, conversation(2, { agentId: BETO }))).toBe(true);
    expect(canViewerSeeConversation(gabi, conversation(3, { agentId: GABI }))).toBe(true);
    expect(canViewerSeeConversation(gabi, conversation(4, { agentId: ANA, groupAdminId: 21 }))).toBe(false);
  });

  it('grants the group through groupAdminId only to the groupadmin role', () => {
    const agentNamedAsGroupAdmin: ConversationViewer = { ...ana, userId: GABI };
    expect(canViewerSeeConversation(agentNamedAsGroupAdmin, conversation(1, { groupAdminId: GABI }))).toBe(
      false,
    );
  });

  it('hides conversations of channels outside the space, even from a superadmin', () => {
    const superadmin: ConversationViewer = { ...alma, roleName: 'superadmin' };
    const outside = conversation(1, { channel: OTHER_SPACE });
    expect(canViewerSeeConversation(superadmin, outside)).toBe(false);
    expect(canViewerSeeConversation(ana, outside)).toBe(false);
  });
});

describe('matchesConversationFilter', () => {
  it('never lists SMS conversations, whatever the view or search', () => {
    const sms = conversation(1, { channel: SMS });
    for (const type of CONVERSATION_FILTER_TYPES) {
      expect(matchesConversationFilter(sms, filter({ type }), alma)).toBe(false);
    }
    expect(matchesConversationFilter(sms, filter({ type: 'all', keyword: 'cliente' }), alma)).toBe(false);
    expect(matchesConversationFilter(conversation(2, { channel: MESSENGER }), ALL, alma)).toBe(true);
  });

  it('lists in the assigned view only what is assigned to the viewer', () => {
    expect(matchesConversationFilter(conversation(1, { agentId: ALMA }), ASSIGNED, alma)).toBe(true);
    expect(matchesConversationFilter(conversation(2, { agentId: ANA }), ASSIGNED, alma)).toBe(false);
    expect(matchesConversationFilter(conversation(3, { agentId: null }), ASSIGNED, alma)).toBe(false);
  });

  it("lists in the others view everybody else's conversations, unassigned included", () => {
    const others = filter({ type: 'others' });
    expect(matchesConversationFilter(conversation(1, { agentId: ANA }), others, alma)).toBe(true);
    expect(matchesConversationFilter(conversation(2, { agentId: null }), others, alma)).toBe(true);
    expect(matchesConversationFilter(conversation(3, { agentId: ALMA }), others, alma)).toBe(false);
  });

  it('adds no condition of its own in the all view', () => {
    expect(matchesConversationFilter(conversation(1, { agentId: BETO, answered: false }), ALL, alma)).toBe(
      true,
    );
    expect(matchesConversationFilter(conversation(2, { agentId: null }), ALL, alma)).toBe(true);
  });

  it('lists unanswered, unread and valuable conversations in their views', () => {
    const unanswered = filter({ type: 'unanswered' });
    const unread = filter({ type: 'unreadMessages' });
    const valuable = filter({ type: 'valuable' });
    expect(matchesConversationFilter(conversation(1, { answered: false }), unanswered, ana)).toBe(true);
    expect(matchesConversationFilter(conversation(2, { answered: true }), unanswered, ana)).toBe(false);
    expect(matchesConversationFilter(conversation(3, { unreadMessages: 2 }), unread, ana)).toBe(true);
    expect(matchesConversationFilter(conversation(4, { unreadMessages: 0 }), unread, ana)).toBe(false);
    expect(matchesConversationFilter(conversation(5, { isConversationValuable: true }), valuable, ana)).toBe(
      true,
    );
    expect(matchesConversationFilter(conversation(6), valuable, ana)).toBe(false);
  });

  it('keeps archived conversations to the archived view and broadcasts to the broadcast view', () => {
    const archived = conversation(1, { isArchived: true });
    const broadcast = conversation(2, { isBroadcastMessage: true });
    const archivedBroadcast = conversation(3, { isArchived: true, isBroadcastMessage: true });
    const inbox = conversation(4);
    const archivedView = filter({ type: 'archived' });
    const broadcastView = filter({ type: 'archivedBroadcast' });

    expect(matchesConversationFilter(archived, archivedView, ana)).toBe(true);
    expect(matchesConversationFilter(broadcast, archivedView, ana)).toBe(false);
    expect(matchesConversationFilter(archivedBroadcast, archivedView, ana)).toBe(false);
    expect(matchesConversationFilter(inbox, archivedView, ana)).toBe(false);

    expect(matchesConversationFilter(broadcast, broadcastView, ana)).toBe(true);
    expect(matchesConversationFilter(archivedBroadcast, broadcastView, ana)).toBe(true);
    expect(matchesConversationFilter(archived, broadcastView, ana)).toBe(false);
    expect(matchesConversationFilter(inbox, broadcastView, ana)).toBe(false);
  });

  it.each<ConversationFilterType>(['assigned', 'all', 'unanswered', 'unreadMessages', 'valuable', 'others'])(
    'leaves archived and broadcast conversations out of the %s view',
    (type) => {
      const everything: Partial<ConversationView> = {
        agentId: type === 'others' ? BETO : ALMA,
        answered: false,
        unreadMessages: 3,
        isConversationValuable: true,
      };
      const view = filter({ type });
      expect(matchesConversationFilter(conversation(1, everything), view, alma)).toBe(true);
      expect(
        matchesConversationFilter(conversation(2, { ...everything, isArchived: true }), view, alma),
      ).toBe(false);
      expect(
        matchesConversationFilter(conversation(3, { ...everything, isBroadcastMessage: true }), view, alma),
      ).toBe(false);
    },
  );

  it('needs any one of the chosen tags', () => {
    const vip = { id: 1, name: 'VIP', color: '#f00' };
    const nuevo = { id: 2, name: 'Nuevo', color: '#0f0' };
    const frio = { id: 3, name: 'Frío', color: '#00f' };
    const byTags = filter({ tagsIds: [1, 2] });
    expect(matchesConversationFilter(conversation(1, { tags: [nuevo, frio] }), byTags, ana)).toBe(true);
    expect(matchesConversationFilter(conversation(2, { tags: [vip] }), byTags, ana)).toBe(true);
    expect(matchesConversationFilter(conversation(3, { tags: [frio] }), byTags, ana)).toBe(false);
    expect(matchesConversationFilter(conversation(4, { tags: [] }), byTags, ana)).toBe(false);
  });

  it('filters by the chosen agent', () => {
    const betoOnly = filter({ type: 'all', agentId: BETO });
    expect(matchesConversationFilter(conversation(1, { agentId: BETO }), betoOnly, alma)).toBe(true);
    expect(matchesConversationFilter(conversation(2, { agentId: ANA }), betoOnly, alma)).toBe(false);
    expect(matchesConversationFilter(conversation(3, { agentId: null }), betoOnly, alma)).toBe(false);
  });

  it('filters by the chosen channels', () => {
    const messengerOnly = filter({ channelsIds: [MESSENGER.id] });
    expect(matchesConversationFilter(conversation(1, { channel: MESSENGER }), messengerOnly, ana)).toBe(true);
    expect(matchesConversationFilter(conversation(2, { channel: WHATSAPP }), messengerOnly, ana)).toBe(false);
  });

  it('does not reach a channel outside the space by choosing it', () => {
    const chosen = filter({ type: 'all', channelsIds: [OTHER_SPACE.id] });
    expect(matchesConversationFilter(conversation(1, { channel: OTHER_SPACE }), chosen, alma)).toBe(false);
  });

  it('filters lastUpdate by an inclusive date range', () => {
    const range = filter({ dateFrom: '2025-03-01T12:05:00.000Z', dateTo: '2025-03-01T12:10:00.000Z' });
    expect(matchesConversationFilter(conversation(4), range, ana)).toBe(false);
    expect(matchesConversationFilter(conversation(5), range, ana)).toBe(true);
    expect(matchesConversationFilter(conversation(10), range, ana)).toBe(true);
    expect(matchesConversationFilter(conversation(11), range, ana)).toBe(false);
  });

  it('compares instants, not text, so time zone offsets do not matter', () => {
    // 12:05 UTC written as 06:05 in Mexico City.
    const from = filter({ dateFrom: '2025-03-01T06:05:00-06:00' });
    expect(matchesConversationFilter(conversation(5), from, ana)).toBe(true);
    expect(matchesConversationFilter(conversation(4), from, ana)).toBe(false);
  });

  it('accepts an open-ended range and leaves out conversations without activity once bounded', () => {
    expect(matchesConversationFilter(conversation(5), filter({ dateTo: minutesAfterStart(5) }), ana)).toBe(
      true,
    );
    expect(matchesConversationFilter(conversation(6), filter({ dateTo: minutesAfterStart(5) }), ana)).toBe(
      false,
    );
    const idle = conversation(7, { lastUpdate: null });
    expect(matchesConversationFilter(idle, ASSIGNED, ana)).toBe(true);
    expect(matchesConversationFilter(idle, filter({ dateFrom: minutesAfterStart(0) }), ana)).toBe(false);
  });

  it('finds a name written with accents, capitals or spaces', () => {
    const jose = conversation(1, { name: 'José Núñez', cleanedName: 'josenunez5215512345678' });
    for (const keyword of ['José', 'jose', 'JOSE', '  José Nú ', 'sé nú']) {
      expect(matchesConversationFilter(jose, filter({ keyword }), ana)).toBe(true);
    }
    expect(matchesConversationFilter(jose, filter({ keyword: 'josefina' }), ana)).toBe(false);
  });

  it('finds a conversation by phone digits in the name key or the sender id', () => {
    const byPhone = conversation(1, { cleanedName: 'ana', senderId: '5215512345678@c.us' });
    expect(matchesConversationFilter(byPhone, filter({ keyword: '55 1234' }), ana)).toBe(true);
    expect(matchesConversationFilter(byPhone, filter({ keyword: '@c.us' }), ana)).toBe(true);
    expect(matchesConversationFilter(byPhone, filter({ keyword: '5599' }), ana)).toBe(false);
  });

  it('treats SQL wildcards in a search as plain text', () => {
    expect(matchesConversationFilter(conversation(1), filter({ keyword: '%' }), ana)).toBe(false);
    expect(matchesConversationFilter(conversation(1), filter({ keyword: '_' }), ana)).toBe(false);
  });

  it('hides a conversation without a last message unless a search finds it', () => {
    const silent = conversation(1, { lastMessageId: null, lastMessage: null });
    expect(matchesConversationFilter(silent, ASSIGNED, ana)).toBe(false);
    expect(matchesConversationFilter(silent, filter({ keyword: '   ' }), ana)).toBe(false);
    expect(matchesConversationFilter(silent, filter({ keyword: 'Cliente 1' }), ana)).toBe(true);
    expect(matchesConversationFilter(silent, filter({ keyword: 'pedro' }), ana)).toBe(false);
  });

  it('never shows an agent the conversations of another agent', () => {
    expect(matchesConversationFilter(conversation(1, { agentId: BETO }), ALL, ana)).toBe(false);
    expect(
      matchesConversationFilter(conversation(2, { agentId: BETO }), filter({ type: 'others' }), ana),
    ).toBe(false);
  });

  it('lists the group and the agents of a group admin in the all view', () => {
    expect(matchesConversationFilter(conversation(1, { agentId: ANA, groupAdminId: GABI }), ALL, gabi)).toBe(
      true,
    );
    expect(matchesConversationFilter(conversation(2, { agentId: BETO }), ALL, gabi)).toBe(true);
    expect(matchesConversationFilter(conversation(3, { agentId: ANA }), ALL, gabi)).toBe(false);
  });

  it('leaves out conversations of channels outside the space', () => {
    expect(matchesConversationFilter(conversation(1, { channel: OTHER_SPACE }), ALL, alma)).toBe(false);
  });
});

describe('compareConversations', () => {
  it('orders by latest activity first, then by id, with idle conversations last', () => {
    const sameTime = minutesAfterStart(30);
    const rows = [
      conversation(1, { lastUpdate: null }),
      conversation(2, { lastUpdate: minutesAfterStart(10) }),
      conversation(3, { lastUpdate: sameTime }),
      conversation(4, { lastUpdate: null }),
      conversation(5, { lastUpdate: sameTime }),
      conversation(6, { lastUpdate: minutesAfterStart(50) }),
    ];
    expect(rows.sort(compareConversations).map((c) => c.id)).toEqual([6, 5, 3, 2, 4, 1]);
  });

  it('compares instants, not the text of times written with different offsets', () => {
    const utc = conversation(1, { lastUpdate: '2025-03-01T12:00:00.000Z' });
    // 13:00 UTC, later although its text sorts earlier.
    const mexico = conversation(2, { lastUpdate: '2025-03-01T07:00:00-06:00' });
    expect(compareConversations(mexico, utc)).toBeLessThan(0);
    expect(compareConversations(utc, mexico)).toBeGreaterThan(0);
    expect(compareConversations(utc, utc)).toBe(0);
  });
});

describe('conversation list events', () => {
  it('cover exactly the wire events that change the list, with their wire payloads', () => {
    for (const kind of CONVERSATION_LIST_EVENT_KINDS) expect(REALTIME_EVENTS[kind]).toBe(kind);
    expect(new Set(CONVERSATION_LIST_EVENT_KINDS).size).toBe(12);
    expectTypeOf<(typeof CONVERSATION_LIST_EVENT_KINDS)[number]>().toEqualTypeOf<ConversationListEventKind>();
    expectTypeOf<{
      [K in ConversationListEventKind]: Extract<ConversationListEvent, { kind: K }>['payload'];
    }>().toEqualTypeOf<Pick<RealtimeEventMap, ConversationListEventKind>>();
  });
});

describe('applyConversationEvent: new messages', () => {
  const c1 = conversation(1);
  const c2 = conversation(2);
  const c3 = conversation(3, { unreadMessages: 2 });

  it('moves a listed conversation to the top and adds one unread for a client message', () => {
    const state = listOf(c3, c2, c1);
    const msg = message(1, 501);
    const next = applyConversationEvent(state, newMessage(afterMessage(c1, msg, 1), msg), ASSIGNED, ana);
    expect(ids(next)).toEqual([1, 3, 2]);
    expect(row(next, 1)).toMatchObject({
      unreadMessages: 1,
      lastMessageId: 501,
      lastMessage: 'Buenas tardes',
    });
  });

  it('counts from what the list shows, not from a lagging server count', () => {
    const state = listOf(c3, c2, c1);
    const msg = message(3, 502);
    const next = applyConversationEvent(state, newMessage(afterMessage(c3, msg, 1), msg), ASSIGNED, ana);
    expect(row(next, 3)?.unreadMessages).toBe(3);
  });

  it("takes the server's unread count for a message that is not the client's", () => {
    const state = listOf(c3, c2, c1);
    const reply = message(3, 503, { sender: 'AGENT', senderUserId: ANA });
    const next = applyConversationEvent(state, newMessage(afterMessage(c3, reply, 0), reply), ASSIGNED, ana);
    expect(ids(next)).toEqual([3, 2, 1]);
    expect(row(next, 3)).toMatchObject({ unreadMessages: 0, lastMessageId: 503, answered: true });
  });

  it('keeps the open conversation read', () => {
    const state: ConversationListState = { items: [c3, c2, c1], selectedId: 2 };
    const msg = message(2, 504);
    const next = applyConversationEvent(state, newMessage(afterMessage(c2, msg, 4), msg), ASSIGNED, ana);
    expect(ids(next)).toEqual([2, 3, 1]);
    expect(row(next, 2)?.unreadMessages).toBe(0);
    expect(next.selectedId).toBe(2);
  });

  it('adds a new conversation that passes the filters at the top, unread at least 1', () => {
    const state = listOf(c3, c2);
    const fresh = conversation(40, { unreadMessages: 0, lastUpdate: minutesAfterStart(1) });
    const msg = message(40, 505);
    const next = applyConversationEvent(state, newMessage(fresh, msg), ASSIGNED, ana);
    expect(ids(next)).toEqual([40, 3, 2]);
    expect(row(next, 40)?.unreadMessages).toBe(1);
  });

  it("adds a new conversation with the server's unread count when it is higher", () => {
    const fresh = conversation(40, { unreadMessages: 5 });
    const next = applyConversationEvent(listOf(c1), newMessage(fresh, message(40, 506)), ASSIGNED, ana);
    expect(row(next, 40)?.unreadMessages).toBe(5);
  });

  it('adds a conversation the agent started with no unread messages', () => {
    const outbound = conversation(40, { unreadMessages: 0 });
    const template = message(40, 507, { sender: 'AGENT', senderUserId: ANA, type: 'template' });
    const next = applyConversationEvent(listOf(c1), newMessage(outbound, template), ASSIGNED, ana);
    expect(ids(next)).toEqual([40, 1]);
    expect(row(next, 40)?.unreadMessages).toBe(0);
  });

  it('adds a new client through the newClient event the same way', () => {
    const fresh = conversation(40, { unreadMessages: 1 });
    const event: ConversationListEvent = {
      kind: 'newClient',
      payload: { client: fresh, message: message(40, 508) },
    };
    const next = applyConversationEvent(listOf(c2, c1), event, ASSIGNED, ana);
    expect(ids(next)).toEqual([40, 2, 1]);
  });

  it('ignores a message for a conversation outside the filters and keeps the same state', () => {
    const state = listOf(c2, c1);
    const beto = conversation(40, { agentId: BETO });
    expect(applyConversationEvent(state, newMessage(beto, message(40, 509)), ASSIGNED, ana)).toBe(state);
    const sms = conversation(41, { channel: SMS });
    expect(applyConversationEvent(state, newMessage(sms, message(41, 510)), ALL, alma)).toBe(state);
    const outside = conversation(42, { channel: OTHER_SPACE });
    expect(applyConversationEvent(state, newMessage(outside, message(42, 511)), ALL, alma)).toBe(state);
  });

  it('removes a listed conversation a message takes out of the view', () => {
    const waiting = conversation(3, { answered: false });
    const state = listOf(waiting, c2);
    const reply = message(3, 512, { sender: 'AGENT', senderUserId: ANA });
    const next = applyConversationEvent(
      state,
      newMessage(afterMessage(waiting, reply, 0), reply),
      filter({ type: 'unanswered' }),
      ana,
    );
    expect(ids(next)).toEqual([2]);
  });

  it('clears the selection when the selected conversation leaves the view', () => {
    const waiting = conversation(3, { answered: false });
    const state: ConversationListState = { items: [waiting, c2], selectedId: 3 };
    const reply = message(3, 513, { sender: 'AGENT', senderUserId: ANA });
    const next = applyConversationEvent(
      state,
      newMessage(afterMessage(waiting, reply, 0), reply),
      filter({ type: 'unanswered' }),
      ana,
    );
    expect(next).toEqual({ items: [c2], selectedId: null });
  });

  it('counts a re-delivered message once and keeps the same state', () => {
    const state = listOf(c3, c2, c1);
    const msg = message(1, 514);
    const event = newMessage(afterMessage(c1, msg, 1), msg);
    const once = applyConversationEvent(state, event, ASSIGNED, ana);
    const twice = applyConversationEvent(once, event, ASSIGNED, ana);
    expect(twice).toBe(once);
    expect(ids(twice)).toEqual([1, 3, 2]);
    expect(row(twice, 1)?.unreadMessages).toBe(1);
  });

  it('adds a new conversation only once when its first message is announced twice', () => {
    const msg = message(40, 515);
    const fresh = afterMessage(conversation(40), msg, 1);
    const newClient: ConversationListEvent = { kind: 'newClient', payload: { client: fresh, message: msg } };
    const once = applyConversationEvent(listOf(c1), newClient, ASSIGNED, ana);
    const twice = applyConversationEvent(once, newMessage(fresh, msg), ASSIGNED, ana);
    expect(ids(twice)).toEqual([40, 1]);
    expect(row(twice, 40)?.unreadMessages).toBe(1);
  });

  it('does not count a message again when a fetched page already included it', () => {
    const msg = message(1, 516);
    const fetched = afterMessage(c1, msg, 1);
    const state = listOf(fetched, c3);
    expect(applyConversationEvent(state, newMessage(fetched, msg), ASSIGNED, ana)).toBe(state);
  });

  it('keeps an unlisted conversation open from its URL while the viewer can still see it', () => {
    const elsewhere = conversation(40, { isArchived: true });
    const state: ConversationListState = { items: [c1], selectedId: 40 };
    const next = applyConversationEvent(state, newMessage(elsewhere, message(40, 517)), ASSIGNED, ana);
    expect(next).toBe(state);
  });

  it('closes an unlisted open conversation once the viewer can no longer see it', () => {
    const gone = conversation(40, { agentId: BETO });
    const state: ConversationListState = { items: [c1], selectedId: 40 };
    const next = applyConversationEvent(state, newMessage(gone, message(40, 518)), ASSIGNED, ana);
    expect(next).toEqual({ items: [c1], selectedId: null });
  });

  it('lists an unlisted open conversation as read when its message brings it into the view', () => {
    const state: ConversationListState = { items: [c1], selectedId: 40 };
    const fresh = conversation(40, { unreadMessages: 2 });
    const next = applyConversationEvent(state, newMessage(fresh, message(40, 519)), ASSIGNED, ana);
    expect(ids(next)).toEqual([40, 1]);
    expect(row(next, 40)?.unreadMessages).toBe(0);
  });

  it('does not change the state it was given', () => {
    const state = listOf(c3, c2, c1);
    const snapshot = clone(state);
    const msg = message(1, 520);
    applyConversationEvent(state, newMessage(afterMessage(c1, msg, 1), msg), ASSIGNED, ana);
    expect(state).toEqual(snapshot);
  });
});

describe('applyConversationEvent: conversation changes', () => {
  const c1 = conversation(1);
  const c2 = conversation(2);
  const c3 = conversation(3);

  it('replaces a row in place when its tags change', () => {
    const state = listOf(c3, c2, c1);
    const tagged = { ...c2, tags: [{ id: 1, name: 'VIP', color: '#f00' }] };
    const next = applyConversationEvent(
      state,
      { kind: 'tagsUpdate', payload: { clientId: 2, tags: tagged.tags, client: tagged } },
      ASSIGNED,
      ana,
    );
    expect(ids(next)).toEqual([3, 2, 1]);
    expect(row(next, 2)?.tags).toEqual(tagged.tags);
  });

  it('keeps the same state for a repeated event that changes nothing', () => {
    const state = listOf(c3, c2, c1);
    const copy = clone(c2);
    const next = applyConversationEvent(
      state,
      { kind: 'newUserName', payload: { clientId: 2, name: 'Cliente 2', client: copy } },
      ASSIGNED,
      ana,
    );
    expect(next).toBe(state);
  });

  it('takes a conversation away from the agent who lost it on reassignment', () => {
    const state: ConversationListState = { items: [c3, c2, c1], selectedId: 2 };
    const toBeto = { ...c2, agentId: BETO, agent: { id: BETO, name: 'Beto', imageUrl: null } };
    const event: ConversationListEvent = {
      kind: 'unassignClient',
      payload: { clientId: 2, agentId: ANA, client: toBeto },
    };
    expect(applyConversationEvent(state, event, ASSIGNED, ana)).toEqual({
      items: [c3, c1],
      selectedId: null,
    });
    // Ana cannot see it in any view any more.
    expect(ids(applyConversationEvent(state, event, filter({ type: 'others' }), ana))).toEqual([3, 1]);
  });

  it('updates the agent in place for an admin who still sees the conversation', () => {
    const state = listOf(c3, c2, c1);
    const toBeto = { ...c2, agentId: BETO, agent: { id: BETO, name: 'Beto', imageUrl: null } };
    const next = applyConversationEvent(
      state,
      { kind: 'openClient', payload: { client: toBeto, reason: 'reassigned' } },
      ALL,
      alma,
    );
    expect(ids(next)).toEqual([3, 2, 1]);
    expect(row(next, 2)?.agent?.name).toBe('Beto');
  });

  it('adds a conversation reassigned to the viewer in its place in the order', () => {
    const state = listOf(c3, c1);
    const fromBeto = conversation(2, { agentId: ANA });
    const next = applyConversationEvent(
      state,
      { kind: 'openClient', payload: { client: fromBeto, reason: 'reassigned' } },
      ASSIGNED,
      ana,
    );
    expect(ids(next)).toEqual([3, 2, 1]);
  });

  it('adds a conversation older than every listed one at the end', () => {
    const older = conversation(0, { lastUpdate: null });
    const next = applyConversationEvent(
      listOf(c3, c2),
      { kind: 'openClient', payload: { client: older, reason: 'reopened' } },
      ASSIGNED,
      ana,
    );
    expect(ids(next)).toEqual([3, 2, 0]);
  });

  it('removes an unarchived conversation from the archived view', () => {
    const archivedView = filter({ type: 'archived' });
    const a1 = conversation(1, { isArchived: true });
    const a2 = conversation(2, { isArchived: true });
    const state: ConversationListState = { items: [a2, a1], selectedId: 1 };
    const next = applyConversationEvent(
      state,
      { kind: 'archived', payload: { clientId: 1, isArchived: false, client: { ...a1, isArchived: false } } },
      archivedView,
      ana,
    );
    expect(next).toEqual({ items: [a2], selectedId: null });
  });

  it('brings an unarchived conversation back into the inbox in order', () => {
    const state = listOf(c3, c1);
    const unarchived = conversation(2, { isArchived: false });
    const next = applyConversationEvent(
      state,
      { kind: 'archived', payload: { clientId: 2, isArchived: false, client: unarchived } },
      ASSIGNED,
      ana,
    );
    expect(ids(next)).toEqual([3, 2, 1]);
  });

  it('takes an archived conversation out of the inbox and into the archived view', () => {
    const archived = { ...c2, isArchived: true };
    const event: ConversationListEvent = {
      kind: 'archived',
      payload: { clientId: 2, isArchived: true, client: archived },
    };
    expect(ids(applyConversationEvent(listOf(c3, c2, c1), event, ASSIGNED, ana))).toEqual([3, 1]);
    const archivedView = filter({ type: 'archived' });
    expect(ids(applyConversationEvent(listOf(), event, archivedView, ana))).toEqual([2]);
  });

  it('follows the valuable flag in the valuable view', () => {
    const valuableView = filter({ type: 'valuable' });
    const marked = { ...c2, isConversationValuable: true };
    const mark: ConversationListEvent = {
      kind: 'conversationValuable',
      payload: { clientId: 2, isConversationValuable: true, client: marked },
    };
    const added = applyConversationEvent(listOf(), mark, valuableView, ana);
    expect(ids(added)).toEqual([2]);
    const unmark: ConversationListEvent = {
      kind: 'conversationValuable',
      payload: { clientId: 2, isConversationValuable: false, client: c2 },
    };
    expect(ids(applyConversationEvent(added, unmark, valuableView, ana))).toEqual([]);
  });

  it('drops a renamed conversation the search no longer finds', () => {
    const searching = filter({ keyword: 'josé' });
    const jose = conversation(2, {
      name: 'José',
      cleanedName: 'jose5215500000002',
      senderId: '5215500000002@c.us',
    });
    const pedro = { ...jose, name: 'Pedro', cleanedName: 'pedro5215500000002' };
    const next = applyConversationEvent(
      listOf(jose),
      { kind: 'newUserName', payload: { clientId: 2, name: 'Pedro', client: pedro } },
      searching,
      ana,
    );
    expect(ids(next)).toEqual([]);
  });

  it('moves a row when the change gives it a new place in the order', () => {
    const state = listOf(c3, c2, c1);
    const touched = { ...c1, lastUpdate: minutesAfterStart(60) };
    const next = applyConversationEvent(
      state,
      { kind: 'openClient', payload: { client: touched, reason: 'info' } },
      ASSIGNED,
      ana,
    );
    expect(ids(next)).toEqual([1, 3, 2]);
  });

  it('keeps the open conversation read when its row is replaced', () => {
    const state: ConversationListState = { items: [c3, c2, c1], selectedId: 2 };
    const closed = { ...c2, isClosed: true, unreadMessages: 3 };
    const next = applyConversationEvent(
      state,
      { kind: 'openClient', payload: { client: closed, reason: 'closed' } },
      ASSIGNED,
      ana,
    );
    expect(row(next, 2)).toMatchObject({ isClosed: true, unreadMessages: 0 });
    expect(next.selectedId).toBe(2);
  });

  it('removes a conversation moved to a channel outside the space', () => {
    const moved = { ...c2, channel: OTHER_SPACE };
    const next = applyConversationEvent(
      listOf(c3, c2, c1),
      { kind: 'openClient', payload: { client: moved, reason: 'info' } },
      ALL,
      alma,
    );
    expect(ids(next)).toEqual([3, 1]);
  });

  it("adds a conversation to a group admin's list when it joins their group", () => {
    const grouped = conversation(2, { agentId: ANA, groupAdminId: GABI });
    const betos = conversation(3, { agentId: BETO });
    const next = applyConversationEvent(
      listOf(betos),
      { kind: 'openClient', payload: { client: grouped, reason: 'info' } },
      ALL,
      gabi,
    );
    expect(ids(next)).toEqual([3, 2]);
  });

  it('never duplicates a conversation across a burst of events', () => {
    let state = listOf(c3, c1);
    const msg = message(2, 600);
    const fresh = afterMessage(conversation(2), msg, 1);
    const events: ConversationListEvent[] = [
      { kind: 'newClient', payload: { client: fresh, message: msg } },
      newMessage(fresh, msg),
      { kind: 'openClient', payload: { client: fresh, reason: 'info' } },
      { kind: 'tagsUpdate', payload: { clientId: 2, tags: [], client: fresh } },
      newMessage(afterMessage(fresh, message(2, 601), 2), message(2, 601)),
    ];
    for (const event of events) state = applyConversationEvent(state, event, ASSIGNED, ana);
    expect(ids(state)).toEqual([2, 3, 1]);
    expect(row(state, 2)?.unreadMessages).toBe(2);
  });
});

describe('applyConversationEvent: status, read marks and deletion', () => {
  const c1 = conversation(1);
  const c2 = conversation(2, { unreadMessages: 2 });

  it("updates the row's last-message status", () => {
    const state = listOf(c2, c1);
    const next = applyConversationEvent(
      state,
      {
        kind: 'messageStatus',
        payload: {
          messageId: 200,
          clientId: 2,
          messageStatus: 'viewed',
          errorCode: null,
          errorInfo: null,
          lastMessageStatus: 'viewed',
        },
      },
      ASSIGNED,
      ana,
    );
    expect(row(next, 2)?.lastMessageStatus).toBe('viewed');
    expect(ids(next)).toEqual([2, 1]);
  });

  it('keeps the same state when a status carries no conversation status, repeats it or is for another list', () => {
    const state = listOf(c2, c1);
    const status = (clientId: number, lastMessageStatus: string | null): ConversationListEvent => ({
      kind: 'messageStatus',
      payload: {
        messageId: 150,
        clientId,
        messageStatus: 'delivered',
        errorCode: null,
        errorInfo: null,
        lastMessageStatus,
      },
    });
    expect(applyConversationEvent(state, status(2, null), ASSIGNED, ana)).toBe(state);
    expect(applyConversationEvent(state, status(2, 'sent'), ASSIGNED, ana)).toBe(state);
    expect(applyConversationEvent(state, status(99, 'delivered'), ASSIGNED, ana)).toBe(state);
  });

  it('sets the unread count from read and unread marks', () => {
    const state = listOf(c2, c1);
    const read = applyConversationEvent(
      state,
      { kind: 'markAsRead', payload: { clientId: 2, unreadMessages: 0 } },
      ASSIGNED,
      ana,
    );
    expect(row(read, 2)?.unreadMessages).toBe(0);
    const unread = applyConversationEvent(
      read,
      { kind: 'markAsUnread', payload: { clientId: 1, unreadMessages: 1 } },
      ASSIGNED,
      ana,
    );
    expect(row(unread, 1)?.unreadMessages).toBe(1);
    expect(ids(unread)).toEqual([2, 1]);
  });

  it('keeps a conversation just read in the unread view so it does not vanish while open', () => {
    const state: ConversationListState = { items: [c2], selectedId: 2 };
    const next = applyConversationEvent(
      state,
      { kind: 'markAsRead', payload: { clientId: 2, unreadMessages: 0 } },
      filter({ type: 'unreadMessages' }),
      ana,
    );
    expect(next).toEqual({ items: [{ ...c2, unreadMessages: 0 }], selectedId: 2 });
  });

  it('keeps the same state for a read mark that changes nothing', () => {
    const state = listOf(c2, c1);
    const same: ConversationListEvent = { kind: 'markAsRead', payload: { clientId: 1, unreadMessages: 0 } };
    const other: ConversationListEvent = {
      kind: 'markAsUnread',
      payload: { clientId: 99, unreadMessages: 1 },
    };
    expect(applyConversationEvent(state, same, ASSIGNED, ana)).toBe(state);
    expect(applyConversationEvent(state, other, ASSIGNED, ana)).toBe(state);
  });

  it('removes a deleted conversation and closes it when it was open', () => {
    const state: ConversationListState = { items: [c2, c1], selectedId: 2 };
    const next = applyConversationEvent(
      state,
      { kind: 'deleteConversation', payload: { clientId: 2 } },
      ASSIGNED,
      ana,
    );
    expect(next).toEqual({ items: [c1], selectedId: null });
  });

  it('closes a deleted conversation that was open from its URL', () => {
    const state: ConversationListState = { items: [c1], selectedId: 40 };
    const next = applyConversationEvent(
      state,
      { kind: 'deleteConversation', payload: { clientId: 40 } },
      ASSIGNED,
      ana,
    );
    expect(next).toEqual({ items: [c1], selectedId: null });
  });

  it('keeps the same state when an unknown conversation is deleted', () => {
    const state: ConversationListState = { items: [c2, c1], selectedId: 1 };
    const event: ConversationListEvent = { kind: 'deleteConversation', payload: { clientId: 99 } };
    expect(applyConversationEvent(state, event, ASSIGNED, ana)).toBe(state);
  });
});

describe('selectConversation', () => {
  const c1 = conversation(1, { unreadMessages: 3 });
  const c2 = conversation(2, { unreadMessages: 1 });

  it('marks the conversation selected and read, and nothing else', () => {
    const next = selectConversation(listOf(c2, c1), 1);
    expect(next.selectedId).toBe(1);
    expect(row(next, 1)?.unreadMessages).toBe(0);
    expect(row(next, 2)).toBe(c2);
    expect(ids(next)).toEqual([2, 1]);
  });

  it('keeps the same state when the conversation is already selected and read', () => {
    const state = selectConversation(listOf(c2, c1), 1);
    expect(selectConversation(state, 1)).toBe(state);
  });

  it('clears a count that arrived while the conversation was already selected', () => {
    const state: ConversationListState = { items: [c2, c1], selectedId: 1 };
    expect(row(selectConversation(state, 1), 1)?.unreadMessages).toBe(0);
  });

  it('selects a conversation that is not listed, as when opened from its URL', () => {
    const state = listOf(c2, c1);
    const next = selectConversation(state, 40);
    expect(next).toEqual({ items: [c2, c1], selectedId: 40 });
  });

  it('closes the selection with null', () => {
    const state: ConversationListState = { items: [c2], selectedId: 2 };
    expect(selectConversation(state, null)).toEqual({ items: [c2], selectedId: null });
    expect(selectConversation(listOf(c2), null).selectedId).toBeNull();
  });
});

describe('mergePage', () => {
  const c1 = conversation(1);
  const c2 = conversation(2);
  const c3 = conversation(3);
  const c4 = conversation(4);

  it('appends a page in its order', () => {
    const next = mergePage(listOf(c4, c3), [c2, c1]);
    expect(ids(next)).toEqual([4, 3, 2, 1]);
  });

  it('starts a list from the empty state', () => {
    const next = mergePage(EMPTY_CONVERSATION_LIST, [c2, c1]);
    expect(next).toEqual({ items: [c2, c1], selectedId: null });
    expect(EMPTY_CONVERSATION_LIST.items).toEqual([]);
  });

  it('skips rows already listed, keeping the live version of them', () => {
    const live = { ...c3, unreadMessages: 4, lastMessage: 'Nuevo' };
    const next = mergePage(listOf(c4, live), [c3, c2, c2, c1]);
    expect(ids(next)).toEqual([4, 3, 2, 1]);
    expect(row(next, 3)).toBe(live);
  });

  it('keeps the same state when the page brings nothing new', () => {
    const state = listOf(c2, c1);
    expect(mergePage(state, [])).toBe(state);
    expect(mergePage(state, [c1])).toBe(state);
  });

  it('shows the open conversation read when it arrives in a page', () => {
    const state: ConversationListState = { items: [c4], selectedId: 2 };
    const next = mergePage(state, [{ ...c2, unreadMessages: 5 }, c1]);
    expect(row(next, 2)?.unreadMessages).toBe(0);
    expect(next.selectedId).toBe(2);
  });
});

describe('defaultConversationFilterType (issue 19: new conversations visible where the user lands)', () => {
  it('opens admins and superadmins on Todas, where unassigned conversations are', () => {
    expect(defaultConversationFilterType({ roleName: 'admin', adminOf: [] })).toBe('all');
    expect(defaultConversationFilterType({ roleName: 'superadmin', adminOf: [] })).toBe('all');
  });

  it('keeps Asignadas for who only sees their own or their agents’ conversations', () => {
    expect(defaultConversationFilterType({ roleName: 'agente', adminOf: [] })).toBe('assigned');
    expect(defaultConversationFilterType({ roleName: 'groupadmin', adminOf: [] })).toBe('assigned');
    expect(defaultConversationFilterType({ roleName: 'admin', adminOf: [7] })).toBe('assigned');
  });
});
