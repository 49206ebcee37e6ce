import { describe, expect, it } from 'vitest';
import type { ConversationChannelView, ConversationView, MessageView } from '../messaging';
import { conversationView, messageView } from '../test/fixtures';
import {
  isNumberChangeText,
  mentionsPhone,
  messageWithoutPhone,
  NUMBER_CHANGED_TEXT,
  withoutPhone,
} from './phone-privacy';
import { systemNoticeText } from './received-content';

const PHONE = '5215512345678';

const CHANNEL: ConversationChannelView = {
  id: 3,
  name: 'Ventas',
  platform: 'whatsapp_cloud',
  phone: '5215500000000',
};

const view = (overrides: Partial<ConversationView> = {}): ConversationView =>
  conversationView({
    id: 7,
    senderId: PHONE,
    name: null,
    nameFromChannel: 'Ana',
    cleanedName: `ana${PHONE}`,
    channel: CHANNEL,
    ...overrides,
  });

const message = (overrides: Partial<MessageView> = {}): MessageView =>
  messageView({ clientId: 7, channelId: CHANNEL.id, ...overrides });

const changeLine = systemNoticeText({
  event: 'number_changed',
  oldNumber: PHONE,
  newNumber: '5215587654321',
});

describe('withoutPhone (issue 15 §3)', () => {
  it('takes the phone and the phone-derived key out of a WhatsApp conversation', () => {
    const out = withoutPhone(view());
    expect(out.senderId).toBeNull();
    expect(out.key).toBe('3-c7');
    expect(out.cleanedName).toBe('ana');
    expect(out.nameFromChannel).toBe('Ana');
    expect(JSON.stringify(out)).not.toContain('12345678');
  });

  it('drops names that are the phone, in any punctuation', () => {
    const out = withoutPhone(
      view({ name: '+52 55 1234 5678', nameFromChannel: PHONE, cleanedName: PHONE, lastName: PHONE }),
    );
    expect(out.name).toBeNull();
    expect(out.nameFromChannel).toBeNull();
    expect(out.lastName).toBeNull();
    expect(out.cleanedName).toBe('');
  });

  it('redacts a number-change last message', () => {
    const out = withoutPhone(view({ lastMessage: changeLine, lastMessageSender: 'SYSTEM' }));
    expect(out.lastMessage).toBe(NUMBER_CHANGED_TEXT);
    expect(JSON.stringify(out)).not.toMatch(/12345678|87654321/);
  });

  it('leaves a Messenger conversation alone: its id is page-scoped, not a phone', () => {
    const messenger = view({
      senderId: '9988776655443322',
      channel: { id: 4, name: 'Página', platform: 'messenger', phone: null },
    });
    expect(withoutPhone(messenger)).toBe(messenger);
  });
});

describe('messageWithoutPhone', () => {
  it('removes both numbers from a number-change notice, in text and payload', () => {
    const notice = message({
      sender: 'SYSTEM',
      type: 'system',
      content: changeLine,
      payload: {
        system: {
          event: 'number_changed',
          oldNumber: PHONE,
          newNumber: '5215587654321',
          body: 'User A changed from 5215512345678 to 5215587654321',
          rawType: 'user_changed_number',
        },
      },
    });
    const out = messageWithoutPhone(notice);
    expect(out.content).toBe(NUMBER_CHANGED_TEXT);
    expect(JSON.stringify(out)).not.toMatch(/12345678|87654321/);
    expect((out.payload?.system as { event: string } | undefined)?.event).toBe('number_changed');
  });

  it('keeps other messages as they are', () => {
    const plain = message();
    expect(messageWithoutPhone(plain)).toBe(plain);
  });

  it('recognises the lines and the phones', () => {
    expect(isNumberChangeText(changeLine)).toBe(true);
    expect(isNumberChangeText('El cliente cambió su número')).toBe(true);
    expect(isNumberChangeText('hola')).toBe(false);
    expect(mentionsPhone('+52 55 1234 5678', [PHONE])).toBe(true);
    expect(mentionsPhone('Ana 2024', [PHONE])).toBe(false);
  });
});

describe('mentionsPhone, by the last eight digits', () => {
  it('finds a phone of exactly eight digits and a text of exactly eight digits', () => {
    expect(mentionsPhone('1234 5678', ['12345678'])).toBe(true);
    expect(mentionsPhone('Tel. 12-34-56-78', [PHONE])).toBe(true);
  });
  it('takes no phone of fewer than eight digits, and no text of fewer than eight', () => {
    expect(mentionsPhone('pedido 99912345670', ['1234567'])).toBe(false);
    expect(mentionsPhone('1234567', ['1234567'])).toBe(false);
    expect(mentionsPhone('987654321', [PHONE])).toBe(false);
  });
  it('compares the last eight digits, not the first', () => {
    expect(mentionsPhone('folio 99945678', [PHONE])).toBe(false);
    expect(mentionsPhone('52155123', [PHONE])).toBe(false);
  });
  it('finds any one of several phones, and none in nothing', () => {
    expect(mentionsPhone('55 1234 5678', [PHONE, '5215587654321'])).toBe(true);
    expect(mentionsPhone('55 1234 5678', [null, undefined, PHONE])).toBe(true);
    expect(mentionsPhone('', [PHONE])).toBe(false);
    expect(mentionsPhone(null, [PHONE])).toBe(false);
    expect(mentionsPhone(undefined, [PHONE])).toBe(false);
  });
});

describe('withoutPhone, field by field', () => {
  it('keeps the name part of the search name when the conversation has no sender id', () => {
    expect(withoutPhone(view({ senderId: null, cleanedName: 'ana lopez' })).cleanedName).toBe('ana lopez');
  });
  it('drops a search name that shows the phone anywhere, not only at its end', () => {
    expect(withoutPhone(view({ cleanedName: `ana ${PHONE} lopez` })).cleanedName).toBe('');
    expect(withoutPhone(view({ cleanedName: `ana lopez${PHONE}` })).cleanedName).toBe('ana lopez');
  });
  it('keeps a last message that only a system notice could redact', () => {
    expect(withoutPhone(view({ lastMessage: changeLine, lastMessageSender: 'CLIENT' })).lastMessage).toBe(
      changeLine,
    );
    expect(withoutPhone(view({ lastMessage: 'Hola', lastMessageSender: 'SYSTEM' })).lastMessage).toBe('Hola');
  });
});

describe('messageWithoutPhone, each part', () => {
  it("redacts a quoted number change in a customer's message, and only the quote", () => {
    const reply = message({ sender: 'CLIENT', content: changeLine, quotedMsgBody: changeLine });
    expect(messageWithoutPhone(reply)).toEqual({ ...reply, quotedMsgBody: NUMBER_CHANGED_TEXT });
  });
  it('keeps a system message about something else', () => {
    const other = message({ sender: 'SYSTEM', type: 'system', content: 'Conversación asignada a Ana' });
    expect(messageWithoutPhone(other)).toBe(other);
  });
  it('keeps a notice payload without system details as it is', () => {
    for (const payload of [null, {}, { system: null }, { system: 'texto' }]) {
      const notice = message({ sender: 'SYSTEM', type: 'system', content: changeLine, payload });
      const out = messageWithoutPhone(notice);
      expect(out.content).toBe(NUMBER_CHANGED_TEXT);
      expect(out.payload).toEqual(payload);
    }
  });
});
