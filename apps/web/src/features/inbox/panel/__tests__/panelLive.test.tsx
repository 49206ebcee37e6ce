import type { ConversationChangedPayload } from '@crm/shared';
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsNamed, makeConversation, renderPanel, stubPanelServer } from './panelTestKit';

// The panel's real-time subscriptions, captured so a test can deliver events by hand.
const handlers = new Map<string, Array<(payload: ConversationChangedPayload) => void>>();
vi.mock('../../../../lib/socket', () => ({
  onReconnected: () => () => undefined,
  rereadAfterConnect: () => ({ started: () => undefined, stop: () => undefined }),
  eventsMayBeMissed: () => false,
  connectSocket: () => null,
  disconnectSocket: () => undefined,
  subscribeRealtime: (event: string, handler: (payload: ConversationChangedPayload) => void) => {
    handlers.set(event, [...(handlers.get(event) ?? []), handler]);
    return () =>
      handlers.set(
        event,
        (handlers.get(event) ?? []).filter((h) => h !== handler),
      );
  },
}));

function deliver(payload: ConversationChangedPayload): void {
  act(() => {
    for (const handler of handlers.get('openClient') ?? []) handler(payload);
  });
}

describe('client info panel, live', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    handlers.clear();
  });

  it('reads the data sheet and the follow-ups again when another user changes them, and only then', async () => {
    const calls = stubPanelServer();
    const conversation = makeConversation();
    renderPanel(conversation);
    await waitFor(() => expect(callsNamed(calls, 'clientInfos')).toHaveLength(1));
    await waitFor(() => expect(callsNamed(calls, 'followUpMessages')).toHaveLength(1));

    deliver({ client: conversation, reason: 'info' });
    await waitFor(() => expect(callsNamed(calls, 'clientInfos')).toHaveLength(2));
    expect(callsNamed(calls, 'followUpMessages')).toHaveLength(1);

    deliver({ client: conversation, reason: 'followUp' });
    await waitFor(() => expect(callsNamed(calls, 'followUpMessages')).toHaveLength(2));

    // Another conversation's change is not this panel's business.
    deliver({ client: makeConversation({ id: 99 }), reason: 'info' });
    await new Promise((r) => setTimeout(r, 50));
    expect(callsNamed(calls, 'clientInfos')).toHaveLength(2);
  });
});
