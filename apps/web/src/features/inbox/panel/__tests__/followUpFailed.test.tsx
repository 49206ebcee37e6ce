import { FOLLOW_UP_MESSAGES } from '@crm/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPanel, stubPanelServer } from './panelTestKit';

afterEach(() => {
  vi.unstubAllGlobals();
});

const followUp = (id: number, status: string, failureReason: string | null) => ({
  __typename: 'FollowUpMessage',
  id,
  clientId: 10,
  channelId: 3,
  agentId: 1,
  agentName: 'Ana Pérez',
  content: `Mensaje ${id}`,
  sendAt: '2030-05-01T16:30:00.000Z',
  templateId: null,
  templateName: null,
  variables: [],
  file: null,
  status,
  failureReason,
});

describe('client info panel: a follow-up whose send was refused (issue 17)', () => {
  it('shows why in red, can be dismissed but not edited; a scheduled one keeps both buttons', async () => {
    stubPanelServer({
      followUpMessages: () => ({
        data: {
          followUpMessages: [
            followUp(1, 'failed', FOLLOW_UP_MESSAGES.failedWindowClosed),
            followUp(2, 'scheduled', null),
          ],
        },
      }),
    });
    renderPanel();
    const [failed, scheduled] = await screen.findAllByTestId('followup-item');
    expect(within(failed).getByTestId('followup-failed').textContent).toBe(
      FOLLOW_UP_MESSAGES.failedWindowClosed,
    );
    expect(within(failed).queryByLabelText('Editar mensaje programado')).toBeNull();
    expect(within(failed).getByLabelText('Eliminar mensaje programado')).toBeDefined();
    expect(within(scheduled).queryByTestId('followup-failed')).toBeNull();
    expect(within(scheduled).getByLabelText('Editar mensaje programado')).toBeDefined();
  });
});
