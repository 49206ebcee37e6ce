import type { MessageView } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import { makeMessage } from '../../messages/testMessage';
import { EMPTY_TIMELINE, type Timeline, timelineReducer } from '../timeline';

const at = (minute: number): string => new Date(Date.UTC(2026, 0, 15, 15, minute)).toISOString();

function stored(id: number, overrides: Partial<MessageView> = {}): MessageView {
  return makeMessage({ id, time: at(id), createdAt: at(id), content: `m${id}`, ...overrides });
}

// A messageUpdated event reaches the timeline as the stored message, like any server copy of it.
const updated = (timeline: Timeline, message: MessageView) =>
  timelineReducer(timeline, { type: 'server', messages: [message] });

describe('messages the customer edits or deletes', () => {
  const page = timelineReducer(EMPTY_TIMELINE, { type: 'page', messages: [stored(2), stored(1)] });

  it('shows the edited text in place, marked edited, without adding a message', () => {
    const next = updated(page, stored(1, { content: 'Mejor a las 6', editedAt: at(30) }));
    expect(next.messages.map((m) => [m.id, m.content, m.editedAt ?? null])).toEqual([
      [1, 'Mejor a las 6', at(30)],
      [2, 'm2', null],
    ]);
  });

  it('shows a deleted message as deleted, in place', () => {
    const next = updated(
      page,
      stored(2, { content: '', messageStatus: 'deleted', payload: { deletedBy: 'CLIENT' } }),
    );
    expect(next.messages.map((m) => [m.id, m.messageStatus, m.content])).toEqual([
      [1, null, 'm1'],
      [2, 'deleted', ''],
    ]);
  });
});
