import type { MessageStatusPayload, MessageView } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import { makeMessage } from '../../messages/testMessage';
import {
  EMPTY_TIMELINE,
  optimisticTime,
  storedCount,
  type Timeline,
  type TimelineAction,
  timelineReducer,
} from '../timeline';

const at = (minute: number): string => new Date(Date.UTC(2026, 0, 15, 15, minute)).toISOString();

function stored(id: number, overrides: Partial<MessageView> = {}): MessageView {
  return makeMessage({ id, time: at(id), createdAt: at(id), content: `m${id}`, ...overrides });
}

function local(id: number, fakeId: string, overrides: Partial<MessageView> = {}): MessageView {
  return makeMessage({
    id,
    fakeId,
    sender: 'AGENT',
    messageStatus: 'pending',
    messageApiId: null,
    time: at(59),
    ...overrides,
  });
}

function run(...actions: TimelineAction[]): Timeline {
  return actions.reduce(timelineReducer, EMPTY_TIMELINE);
}

const ids = (timeline: Timeline): number[] => timeline.messages.map((message) => message.id);

function status(messageId: number, messageStatus: string, extra: Partial<MessageStatusPayload> = {}) {
  return {
    type: 'status',
    update: {
      messageId,
      clientId: 10,
      messageStatus,
      errorCode: null,
      errorInfo: null,
      lastMessageStatus: messageStatus,
      ...extra,
    },
  } as const;
}

/** A page as the API answers it: newest first. */
const page = (from: number, to: number): MessageView[] => {
  const messages: MessageView[] = [];
  for (let id = to; id >= from; id -= 1) messages.push(stored(id));
  return messages;
};

describe('message pagination', () => {
  it('shows the newest-first page oldest at the top', () => {
    expect(ids(run({ type: 'page', messages: page(21, 50) }))).toEqual(
      Array.from({ length: 30 }, (_, i) => 21 + i),
    );
  });

  it('puts an older page above and drops the overlap a new message shifted into it', () => {
    const timeline = run(
      { type: 'page', messages: page(21, 50) },
      // A live message made every offset one larger: the next page (skip 31) repeats message 21.
      { type: 'server', messages: [stored(51)] },
      { type: 'page', messages: page(1, 21) },
    );
    expect(ids(timeline)).toEqual(Array.from({ length: 51 }, (_, i) => 1 + i));
    expect(storedCount(timeline)).toBe(51);
  });

  it('keeps the live status of a message when an older copy comes back in a page', () => {
    const timeline = run(
      { type: 'page', messages: [stored(5, { sender: 'AGENT', messageStatus: 'sent' })] },
      status(5, 'viewed'),
      { type: 'page', messages: [stored(5, { sender: 'AGENT', messageStatus: 'delivered' })] },
    );
    expect(timeline.messages[0]?.messageStatus).toBe('viewed');
  });

  it('does not count optimistic bubbles in the offset of the next page', () => {
    const timeline = run(
      { type: 'page', messages: page(1, 3) },
      { type: 'local', message: local(-1, 'fakeId-a') },
    );
    expect(storedCount(timeline)).toBe(3);
  });
});

describe('live messages', () => {
  it('adds a message once, however many times it is announced', () => {
    const timeline = run(
      { type: 'page', messages: page(1, 2) },
      { type: 'server', messages: [stored(3)] },
      { type: 'server', messages: [stored(3)] },
    );
    expect(ids(timeline)).toEqual([1, 2, 3]);
  });

  it('replaces the optimistic bubble with the stored message that has its fakeId (event first)', () => {
    const timeline = run(
      { type: 'page', messages: page(1, 2) },
      { type: 'local', message: local(-1, 'fakeId-a', { content: 'Hola' }) },
      {
        type: 'server',
        messages: [stored(3, { sender: 'AGENT', fakeId: 'fakeId-a', messageStatus: 'pending' })],
      },
      // The sendMessage answer for the same message arrives later.
      {
        type: 'server',
        messages: [stored(3, { sender: 'AGENT', fakeId: 'fakeId-a', messageStatus: 'pending' })],
      },
    );
    expect(ids(timeline)).toEqual([1, 2, 3]);
    expect(timeline.messages.some((message) => message.id < 0)).toBe(false);
  });

  it('replaces the optimistic bubble when the sendMessage answer comes before any event', () => {
    const timeline = run(
      { type: 'local', message: local(-1, 'fakeId-a') },
      { type: 'local', message: local(-2, 'fakeId-b') },
      { type: 'server', messages: [stored(7, { sender: 'AGENT', fakeId: 'fakeId-a' })] },
    );
    expect(timeline.messages.map((message) => message.fakeId)).toEqual(['fakeId-a', 'fakeId-b']);
    expect(ids(timeline)).toEqual([7, -2]);
  });

  it("keeps the provider's status when the sendMessage answer (pending) arrives after it", () => {
    const timeline = run(
      { type: 'local', message: local(-1, 'fakeId-a') },
      {
        type: 'server',
        messages: [stored(7, { sender: 'AGENT', fakeId: 'fakeId-a', messageStatus: 'pending' })],
      },
      status(7, 'sent'),
      {
        type: 'server',
        messages: [stored(7, { sender: 'AGENT', fakeId: 'fakeId-a', messageStatus: 'pending' })],
      },
    );
    expect(timeline.messages[0]?.messageStatus).toBe('sent');
  });

  it('keeps a status that arrived before its message and applies it when the message shows', () => {
    const timeline = run({ type: 'local', message: local(-1, 'fakeId-a') }, status(7, 'delivered'), {
      type: 'server',
      messages: [stored(7, { sender: 'AGENT', fakeId: 'fakeId-a', messageStatus: 'pending' })],
    });
    expect(timeline.messages[0]?.messageStatus).toBe('delivered');
    expect(timeline.earlyStatuses).toEqual({});
  });

  it('applies statuses only upwards (02 §4) and carries the error of a failure', () => {
    const base = run({ type: 'page', messages: [stored(5, { sender: 'AGENT', messageStatus: 'pending' })] });
    const sent = timelineReducer(base, status(5, 'sent'));
    const viewed = timelineReducer(sent, status(5, 'viewed'));
    expect(timelineReducer(viewed, status(5, 'delivered'))).toBe(viewed);
    const failed = timelineReducer(
      sent,
      status(5, 'failed', { errorCode: 'PROVIDER_UNDELIVERABLE', errorInfo: 'No entregado' }),
    );
    expect(failed.messages[0]).toMatchObject({
      messageStatus: 'failed',
      errorCode: 'PROVIDER_UNDELIVERABLE',
      errorInfo: 'No entregado',
    });
  });

  it("marks a failed optimistic bubble with the error's Spanish text, and removes it for a retry", () => {
    const failed = run(
      { type: 'local', message: local(-1, 'fakeId-a') },
      { type: 'localFailed', fakeId: 'fakeId-a', userMessage: 'Pasaron más de 24 horas' },
    );
    expect(failed.messages[0]).toMatchObject({
      messageStatus: 'failed',
      errorCode: null,
      errorInfo: 'Pasaron más de 24 horas',
    });
    expect(timelineReducer(failed, { type: 'localRemoved', fakeId: 'fakeId-a' }).messages).toEqual([]);
  });

  it('never places an optimistic bubble above the newest message, whatever the clock says', () => {
    const timeline = run({ type: 'page', messages: [stored(30)] });
    expect(optimisticTime(timeline, new Date(Date.UTC(2026, 0, 15, 15, 0)))).toBe(at(30));
    expect(optimisticTime(timeline, new Date(Date.UTC(2026, 0, 15, 16, 0)))).toBe(
      new Date(Date.UTC(2026, 0, 15, 16, 0)).toISOString(),
    );
  });
});
