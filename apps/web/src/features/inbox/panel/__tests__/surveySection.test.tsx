import { formatDateTime, type SurveyAnswerView } from '@crm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMe } from '../../../../test/fixtures';
import { emit } from '../../../../test/socketStub';
import { callsNamed, makeConversation, renderPanel, stubPanelServer } from './panelTestKit';

// Issue 17: the panel shows the conversation's last satisfaction survey — sent and waiting, or answered with the
// option and its value — read from GET /api/survey/last, and again when the answer arrives.

vi.mock('../../../../lib/socket', async () => (await import('../../../../test/socketStub')).socketModule);

const LAST = '/survey/last?clientId=10';
const SENT_AT = '2026-01-15T16:05:00.000Z';
const WAITING: SurveyAnswerView = {
  id: 3,
  clientId: 10,
  surveyConfigId: 1,
  sentAt: SENT_AT,
  answeredAt: null,
  value: null,
  optionText: null,
};
const ANSWERED: SurveyAnswerView = {
  ...WAITING,
  answeredAt: '2026-01-15T16:07:00.000Z',
  value: 5,
  optionText: 'Excelente',
};
const zone = makeMe('admin').company.timezone;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('client info panel: satisfaction survey', () => {
  it('shows an answered survey with its option, its value and when it was sent and answered', async () => {
    const calls = stubPanelServer({}, { [LAST]: { status: 200, body: { survey: ANSWERED } } });
    renderPanel(makeConversation());
    const section = await screen.findByTestId('survey');
    expect(within(section).getByText('Encuesta de satisfacción')).toBeDefined();
    await waitFor(() => expect(within(section).getByTestId('survey-status').textContent).toBe('Respondida'));
    const answer = within(section).getByTestId('survey-answer').textContent;
    expect(answer).toContain('Excelente');
    expect(answer).toContain('Valor 5');
    expect(answer).toContain(formatDateTime(ANSWERED.answeredAt as string, zone));
    expect(within(section).getByTestId('survey-sent').textContent).toBe(
      `Enviada el ${formatDateTime(SENT_AT, zone)}`,
    );
    expect(callsNamed(calls, LAST)).toHaveLength(1);
  });

  it('says a sent survey is waiting for the answer, and reads it again when the answer arrives', async () => {
    const rest = { [LAST]: { status: 200, body: { survey: WAITING } } };
    const calls = stubPanelServer({}, rest);
    const conversation = makeConversation();
    renderPanel(conversation);
    await waitFor(() => expect(screen.getByTestId('survey-status').textContent).toBe('Sin respuesta'));
    expect(screen.queryByTestId('survey-answer')).toBeNull();

    rest[LAST] = { status: 200, body: { survey: ANSWERED } };
    // Another conversation's answer is not this panel's.
    emit('openClient', { client: makeConversation({ id: 99 }), reason: 'survey' });
    await new Promise((r) => setTimeout(r, 30));
    expect(callsNamed(calls, LAST)).toHaveLength(1);
    emit('openClient', { client: conversation, reason: 'survey' });
    await waitFor(() => expect(screen.getByTestId('survey-status').textContent).toBe('Respondida'));
    expect(callsNamed(calls, LAST)).toHaveLength(2);
  });

  it('shows nothing for a conversation that never got a survey', async () => {
    const calls = stubPanelServer({}, { [LAST]: { status: 200, body: { survey: null } } });
    renderPanel(makeConversation());
    await waitFor(() => expect(callsNamed(calls, LAST)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 30));
    expect(screen.queryByTestId('survey')).toBeNull();
  });

  it("says the spec's error when the survey cannot be read", async () => {
    stubPanelServer(
      {},
      { [LAST]: { status: 500, body: { code: 'ERROR_getLastSurveyInfos', userMessage: 'x' } } },
    );
    renderPanel(makeConversation());
    const section = await screen.findByTestId('survey');
    await waitFor(() => expect(section.textContent).toContain('Error al obtener la última encuesta'));
  });
});
