import {
  type ConversationView,
  type MessageView,
  messageWithoutPhone,
  NUMBER_CHANGED_TEXT,
  systemNoticeText,
  UNNAMED_CONTACT,
  withoutPhone,
} from '@crm/shared';
import { describe, expect, it } from 'vitest';
import { contactNameFor, redactPhones } from './phone-privacy';

const PHONE = '5215512345678';
const NEW_PHONE = '5215587654321';
const TAILS = [PHONE.slice(-8), NEW_PHONE.slice(-8)];

function conversation(overrides: Partial<ConversationView> = {}): ConversationView {
  return {
    id: 7,
    companyId: 1,
    key: `3-${PHONE}`,
    senderId: PHONE,
    name: PHONE,
    nameFromChannel: null,
    cleanedName: PHONE,
    imageUrl: null,
    priority: 0,
    unreadMessages: 1,
    answered: false,
    isArchived: false,
    isBroadcastMessage: false,
    isConversationValuable: false,
    hasFollowUpMessage: false,
    isClosed: false,
    agentId: 4,
    agent: { id: 4, name: 'Ana Agente', imageUrl: null },
    groupAdminId: null,
    tags: [{ id: 1, name: 'Nuevo', color: '#123456' }],
    category: null,
    lastMessageId: 9,
    lastMessage: 'Hola',
    lastMessageStatus: null,
    lastMessageSender: 'CLIENT',
    lastUpdate: '2025-06-01T10:00:00.000Z',
    createdAt: '2025-06-01T10:00:00.000Z',
    windowRemainingTime: 60,
    windowExpiresAt: null,
    channel: { id: 3, name: 'Ventas', platform: 'whatsapp_cloud', phone: '5215500000000' },
    referral: null,
    ...overrides,
  } as ConversationView;
}

function message(overrides: Partial<MessageView> = {}): MessageView {
  return {
    id: 9,
    clientId: 7,
    channelId: 3,
    type: 'text',
    content: 'Hola',
    sender: 'CLIENT',
    senderUserId: null,
    messageStatus: null,
    messageApiId: 'wamid.1',
    errorCode: null,
    errorInfo: null,
    quotedMsgId: null,
    quotedMsgBody: null,
    quotedMsgType: null,
    seen: false,
    payload: { buttons: [{ id: 'a', title: 'Sí' }] },
    fakeId: null,
    editedAt: null,
    time: '2025-06-01T10:00:00.000Z',
    createdAt: '2025-06-01T10:00:00.000Z',
    ...overrides,
  } as MessageView;
}

const notice = () =>
  message({
    id: 10,
    sender: 'SYSTEM',
    content: systemNoticeText({ event: 'number_changed', oldNumber: PHONE, newNumber: NEW_PHONE }),
    payload: { system: { oldNumber: PHONE, newNumber: NEW_PHONE, body: `changed to ${NEW_PHONE}` } },
  });

const messenger = () =>
  conversation({
    key: '8-2485731',
    senderId: '2485731',
    name: 'Luis',
    cleanedName: 'luis',
    channel: { id: 8, name: 'Página', platform: 'messenger', phone: null },
  } as Partial<ConversationView>);

/** The answers and events the API sends: a list page, GraphQL results, socket payloads, nested in lists. */
const shapes = (): Record<string, unknown> => ({
  page: { clients: [conversation(), messenger()], hasMore: false, cursor: null },
  view: conversation(),
  messages: [message(), notice()],
  newMessage: { client: conversation(), message: notice() },
  quoted: message({ quotedMsgBody: notice().content }),
  nested: { data: { groups: [[{ items: [{ client: conversation() }] }], []] } },
});

function digitTexts(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value.replace(/\D/g, ''));
  else if (Array.isArray(value)) for (const item of value) digitTexts(item, out);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) digitTexts(item, out);
  return out;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

/** The walk as it was before it was made cheaper: every value visited, Object.entries and map at each level. */
function reference<T>(value: T): T {
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item: unknown) => {
      const next = reference(item);
      if (next !== item) changed = true;
      return next;
    });
    return (changed ? out : value) as T;
  }
  const proto = value && typeof value === 'object' ? (Object.getPrototypeOf(value) as unknown) : undefined;
  if (proto !== Object.prototype && proto !== null) return value;
  const record = value as Record<string, unknown>;
  let current = record;
  const channel = record.channel as { platform?: unknown } | null | undefined;
  if ('senderId' in record && 'key' in record && typeof channel?.platform === 'string')
    current = withoutPhone(record as unknown as ConversationView) as never;
  else if (typeof record.sender === 'string' && typeof record.content === 'string' && 'clientId' in record)
    current = messageWithoutPhone(record as unknown as MessageView) as never;
  let copy: Record<string, unknown> | null = current === record ? null : current;
  for (const [key, item] of Object.entries(current)) {
    const next = reference(item);
    if (next === item) continue;
    copy ??= { ...current };
    copy[key] = next;
  }
  return (copy ?? value) as T;
}

describe('redactPhones (issue 15 §3)', () => {
  it('finds conversations and number-change notices at any depth of lists, pages and GraphQL answers', () => {
    for (const [name, shape] of Object.entries(shapes())) {
      const out = redactPhones(deepFreeze(shape));
      const leaked = digitTexts(out).filter((text) => TAILS.some((tail) => text.includes(tail)));
      expect(leaked, name).toEqual([]);
    }
    const out = redactPhones(shapes()) as ReturnType<typeof shapes> & {
      page: { clients: ConversationView[] };
      newMessage: { client: ConversationView; message: MessageView };
      nested: { data: { groups: Array<Array<{ items: Array<{ client: ConversationView }> }>> } };
    };
    expect(out.page.clients[0]).toMatchObject({ senderId: null, key: '3-c7', name: null });
    expect(out.newMessage.client.senderId).toBeNull();
    expect(out.newMessage.message.content).toBe(NUMBER_CHANGED_TEXT);
    expect(out.nested.data.groups[0][0].items[0].client.key).toBe('3-c7');
  });

  it('gives the same answer as the walk it replaced, sharing what it does not change', () => {
    for (const [name, shape] of Object.entries(shapes())) {
      expect(redactPhones(shape), name).toEqual(reference(shape));
    }
    const page = shapes().page as { clients: ConversationView[]; hasMore: boolean };
    const out = redactPhones(page);
    expect(out).not.toBe(page);
    // The Messenger conversation has no phone: it is passed on, not copied.
    expect(out.clients[1]).toBe(page.clients[1]);
    expect(out.clients[0].tags).toBe(page.clients[0].tags);
  });

  it('returns the very value when there is nothing to hide', () => {
    const values: unknown[] = [
      null,
      undefined,
      'texto 5215512345678',
      42,
      new Date(),
      [1, 'dos', null],
      { clients: [messenger()], hasMore: true, cursor: 'x' },
      [message(), message({ id: 11, quotedMsgBody: 'Hola' })],
      { team: [{ id: 1, role: { permissions: ['readChat'] }, spaces: [{ id: 2 }] }] },
      // A model instance is not an answer shape the walk knows.
      Object.assign(new (class Model {})(), {
        senderId: PHONE,
        key: 'k',
        channel: { platform: 'whatsapp_cloud' },
      }),
    ];
    for (const value of values) expect(redactPhones(value)).toBe(value);
  });
});

describe('contactNameFor', () => {
  const phoneless = { permissions: {} };
  const allowed = { permissions: { canSeePhoneNumber: true as const } };

  it('never names a contact by its number for a user who may not see it', () => {
    expect(contactNameFor(phoneless, { name: PHONE, nameFromChannel: null, senderId: PHONE })).toBe(
      UNNAMED_CONTACT,
    );
    expect(contactNameFor(phoneless, { name: PHONE, nameFromChannel: 'Luisa', senderId: PHONE })).toBe(
      'Luisa',
    );
    expect(contactNameFor(phoneless, { name: null, nameFromChannel: null, senderId: PHONE })).toBe(
      UNNAMED_CONTACT,
    );
  });

  it('names it by its number for a user who may', () => {
    const name = contactNameFor(allowed, { name: null, nameFromChannel: null, senderId: PHONE });
    expect(name.replace(/\D/g, '')).toContain(PHONE.slice(-8));
    expect(contactNameFor(allowed, { name: 'Luisa', senderId: PHONE })).toBe('Luisa');
  });
});
