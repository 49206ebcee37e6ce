import type { MessageView } from '@crm/shared';
import { messageView, SANDBOX_CHANNEL } from '@crm/shared/test';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SimulatorMessage } from '../components/SimulatorMessage';
import { withStatus } from '../messageStatus';

// 09:05 in Mexico City (UTC-6), the company zone times are shown in, whatever the machine's zone.
const NINE_OH_FIVE = '2026-01-15T15:05:00.000Z';

/** The agent's sent reply on conversation 10 of the sandbox channel. */
function makeMessage(overrides: Partial<MessageView> = {}): MessageView {
  return messageView({
    clientId: 10,
    channelId: SANDBOX_CHANNEL.id,
    content: 'Con gusto',
    sender: 'AGENT',
    senderUserId: 1,
    messageStatus: 'sent',
    time: NINE_OH_FIVE,
    createdAt: NINE_OH_FIVE,
    ...overrides,
  });
}

function renderMessage(overrides: Partial<MessageView>) {
  render(<SimulatorMessage message={makeMessage(overrides)} />);
}

describe('simulator message', () => {
  it.each([
    ['sent', 'Enviado'],
    ['delivered', 'Entregado'],
    ['viewed', 'Visto'],
    [null, 'Enviado'],
  ])('shows a business reply with status %s as "%s" and its time as HH:mm', (status, label) => {
    renderMessage({ messageStatus: status });
    const bubble = screen.getByTestId('business-message');
    expect(within(bubble).getByText('Con gusto')).toBeDefined();
    expect(within(bubble).getByTestId('message-status').textContent?.trim()).toBe(label);
    expect(within(bubble).getByText('09:05')).toBeDefined();
  });

  it('shows a clock for a pending reply', () => {
    renderMessage({ messageStatus: 'pending' });
    const status = screen.getByTestId('message-status');
    expect(status.getAttribute('aria-label')).toBe('Pendiente');
    expect(status.textContent?.trim()).toBe('');
  });

  it('shows a failed reply as "fallido" with the provider error', () => {
    renderMessage({
      messageStatus: 'failed',
      errorCode: 'SANDBOX_FAILURE',
      errorInfo: 'Error simulado del canal de prueba: el texto contiene #fallo',
    });
    expect(screen.getByTestId('message-status').textContent?.trim()).toBe('fallido');
    expect(screen.getByTestId('message-error').textContent).toBe(
      'Error simulado del canal de prueba: el texto contiene #fallo',
    );
  });

  it("shows the customer's own message on their side, without a delivery status", () => {
    renderMessage({ sender: 'CLIENT', content: 'Hola, quiero informes', messageStatus: null });
    const bubble = screen.getByTestId('customer-message');
    expect(bubble.className).toContain('sim-message-customer');
    expect(within(bubble).getByText('Hola, quiero informes')).toBeDefined();
    expect(within(bubble).queryByTestId('message-status')).toBeNull();
    expect(screen.queryByTestId('business-message')).toBeNull();
  });

  it('labels a bot reply and shows it on the business side', () => {
    renderMessage({ sender: 'BOT', content: 'Hola, soy el asistente', messageStatus: 'delivered' });
    const bubble = screen.getByTestId('business-message');
    expect(within(bubble).getByText('Bot')).toBeDefined();
    expect(within(bubble).getByTestId('message-status').textContent?.trim()).toBe('Entregado');
  });
});

describe('live status updates', () => {
  const update = (messageStatus: string, extra: Partial<{ errorCode: string; errorInfo: string }> = {}) => ({
    messageId: 1,
    clientId: 10,
    messageStatus,
    errorCode: extra.errorCode ?? null,
    errorInfo: extra.errorInfo ?? null,
    lastMessageStatus: messageStatus,
  });

  it('moves a pending reply to sent, then delivered, then viewed', () => {
    let messages = [makeMessage({ messageStatus: 'pending' })];
    for (const status of ['sent', 'delivered', 'viewed']) {
      messages = withStatus(messages, update(status));
      expect(messages[0]?.messageStatus).toBe(status);
    }
  });

  it('ignores a late delivered after viewed (02 §4 rank rule)', () => {
    const messages = [makeMessage({ messageStatus: 'viewed' })];
    expect(withStatus(messages, update('delivered'))).toBe(messages);
  });

  it('records the provider error of a failed reply', () => {
    const [failed] = withStatus(
      [makeMessage({ messageStatus: 'pending' })],
      update('failed', {
        errorCode: 'SANDBOX_FAILURE',
        errorInfo: 'Error simulado',
      }),
    );
    expect(failed).toMatchObject({
      messageStatus: 'failed',
      errorCode: 'SANDBOX_FAILURE',
      errorInfo: 'Error simulado',
    });
  });
});
