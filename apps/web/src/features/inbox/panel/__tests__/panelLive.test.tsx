import type { ConversationChangedPayload } from '@crm/shared';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emit } from '../../../../test/socketStub';
import { callsNamed, makeConversation, renderPanel, stubPanelServer } from './panelTestKit';

vi.mock('../../../../lib/socket', async () => (await import('../../../../test/socketStub')).socketModule);

function deliver(payload: ConversationChangedPayload): void {
  emit('openClient', payload);
}

describe('client info panel, live', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
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
