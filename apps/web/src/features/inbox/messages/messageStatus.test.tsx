import type { MessageView } from '@crm/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MessageBubble } from './MessageBubble';
import { makeMessage } from './testMessage';

function renderReply(
  overrides: Partial<MessageView>,
  props: Partial<Parameters<typeof MessageBubble>[0]> = {},
) {
  const message = makeMessage({ sender: 'AGENT', senderUserId: 7, content: 'Con gusto', ...overrides });
  render(<MessageBubble message={message} {...props} />);
  return { message, bubble: screen.getByTestId('message-bubble') };
}

const ticks = (el: HTMLElement) => el.querySelectorAll('.anticon-check').length;

describe('delivery status of a team reply', () => {
  it('shows a clock while the reply is pending', () => {
    const { bubble } = renderReply({ messageStatus: 'pending' });
    const status = within(bubble).getByTestId('message-status-pending');
    expect(status.getAttribute('aria-label')).toBe('Pendiente');
    expect(status.querySelector('.anticon-clock-circle')).not.toBeNull();
  });

  it.each([['sent'], [null]])('shows one grey tick when the status is %s', (messageStatus) => {
    const { bubble } = renderReply({ messageStatus });
    const status = within(bubble).getByTestId('message-status-sent');
    expect(status.getAttribute('aria-label')).toBe('Enviado');
    expect(ticks(status)).toBe(1);
    expect(status.className).not.toContain('msg-status-viewed');
  });

  it('shows two grey ticks when delivered', () => {
    const { bubble } = renderReply({ messageStatus: 'delivered' });
    const status = within(bubble).getByTestId('message-status-delivered');
    expect(status.getAttribute('aria-label')).toBe('Entregado');
    expect(ticks(status)).toBe(2);
    expect(status.className).not.toContain('msg-status-viewed');
  });

  it('shows two blue ticks when viewed', () => {
    const { bubble } = renderReply({ messageStatus: 'viewed' });
    const status = within(bubble).getByTestId('message-status-viewed');
    expect(status.getAttribute('aria-label')).toBe('Visto');
    expect(ticks(status)).toBe(2);
    expect(status.className).toContain('msg-status-viewed');
  });

  it('shows a clock for a status it does not know (02 §4)', () => {
    const { bubble } = renderReply({ messageStatus: 'warning' });
    expect(within(bubble).getByTestId('message-status-pending')).toBeDefined();
  });

  it('shows the status beside the HH:mm time of a bot reply, labelled Bot', () => {
    const { bubble } = renderReply({ sender: 'BOT', senderUserId: null, messageStatus: 'delivered' });
    expect(within(bubble).getByText('Bot')).toBeDefined();
    expect(within(bubble).getByText('09:05').tagName).toBe('TIME');
    expect(within(bubble).getByTestId('message-status-delivered')).toBeDefined();
  });

  it("shows no status on the customer's messages", () => {
    render(<MessageBubble message={makeMessage({ sender: 'CLIENT', messageStatus: 'viewed' })} />);
    expect(screen.queryByTestId(/^message-status-/)).toBeNull();
  });
});

describe('failed reply', () => {
  it('shows a red warning, the provider error and a Reintentar button that retries this message', () => {
    const onRetry = vi.fn();
    const { bubble, message } = renderReply(
      {
        messageStatus: 'failed',
        errorCode: '131047',
        errorInfo: 'Han pasado más de 24 horas desde la última respuesta del cliente.',
      },
      { onRetry },
    );
    const status = within(bubble).getByTestId('message-status-failed');
    expect(status.querySelector('.anticon-warning')).not.toBeNull();
    expect(status.className).toContain('msg-status-failed');
    expect(within(bubble).getByRole('alert').textContent).toContain(
      'Han pasado más de 24 horas desde la última respuesta del cliente.',
    );

    fireEvent.click(within(bubble).getByRole('button', { name: /Reintentar/ }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(onRetry).toHaveBeenCalledWith(message);
  });

  it('shows the Spanish text of a code from the error catalogue', () => {
    const { bubble } = renderReply({
      messageStatus: 'failed',
      errorCode: 'SEND_MESSAGE_ERROR',
      errorInfo: 'HTTP 500',
    });
    expect(within(bubble).getByTestId('message-error').textContent).toContain(
      'No se pudo enviar el mensaje.',
    );
    expect(within(bubble).getByTestId('message-error').textContent).not.toContain('HTTP 500');
  });

  it("shows 'Ha ocurrido un error' when there is neither a known code nor a description", () => {
    const { bubble } = renderReply({ messageStatus: 'failed', errorCode: 'X_UNKNOWN', errorInfo: null });
    expect(within(bubble).getByTestId('message-error').textContent).toContain('Ha ocurrido un error');
  });

  it('offers no Reintentar button when the window cannot retry', () => {
    const { bubble } = renderReply({ messageStatus: 'failed' });
    expect(within(bubble).queryByRole('button', { name: /Reintentar/ })).toBeNull();
  });

  it('shows no error on a reply that did not fail', () => {
    const { bubble } = renderReply(
      { messageStatus: 'delivered', errorInfo: 'antiguo' },
      { onRetry: vi.fn() },
    );
    expect(within(bubble).queryByTestId('message-error')).toBeNull();
    expect(within(bubble).queryByRole('button', { name: /Reintentar/ })).toBeNull();
  });
});

describe('deleted message', () => {
  it("shows 'Mensaje eliminado' in italics instead of the content, without status or reply", () => {
    const onReply = vi.fn();
    const { bubble } = renderReply(
      {
        type: 'image',
        content: '',
        messageStatus: 'deleted',
        payload: null,
        quotedMsgBody: 'Hola',
        quotedMsgType: 'text',
      },
      { onReply },
    );
    const deleted = within(bubble).getByText('Mensaje eliminado');
    expect(deleted.closest('em')).not.toBeNull();
    expect(within(bubble).queryByRole('img', { name: 'Imagen' })).toBeNull();
    expect(within(bubble).queryByTestId(/^message-status-/)).toBeNull();
    expect(within(bubble).queryByTestId('message-quote')).toBeNull();
    expect(within(bubble).queryByRole('button', { name: 'Responder' })).toBeNull();
  });

  it("shows a customer's deleted message the same way", () => {
    render(<MessageBubble message={makeMessage({ messageStatus: 'deleted', content: '' })} />);
    expect(screen.getByText('Mensaje eliminado').closest('em')).not.toBeNull();
  });
});
