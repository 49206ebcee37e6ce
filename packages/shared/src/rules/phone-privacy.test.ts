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
    const out = withoutPhone(view({ name: '+52 55 1234 5678', nameFromChannel: PHONE, cleanedName: PHONE }));
    expect(out.name).toBeNull();
    expect(out.nameFromChannel).toBeNull();
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
