import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type ComposerResult, SimulatorComposer } from '../components/SimulatorComposer';

function renderComposer(onSend: (text: string) => Promise<ComposerResult>) {
  render(<SimulatorComposer onSend={onSend} />);
  return {
    input: screen.getByLabelText('Mensaje del cliente') as HTMLTextAreaElement,
    button: screen.getByRole('button', { name: 'Enviar' }) as HTMLButtonElement,
  };
}

describe('simulator composer', () => {
  it('keeps the send button disabled while the message is empty or only spaces', () => {
    const { input, button } = renderComposer(async () => ({ sent: true }));
    expect(button.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(button.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'Hola' } });
    expect(button.disabled).toBe(false);
  });

  it('sends with Enter and empties the box once the message is accepted', async () => {
    const sent: string[] = [];
    const { input } = renderComposer(async (text) => {
      sent.push(text);
      return { sent: true };
    });
    fireEvent.change(input, { target: { value: 'Hola, quiero informes' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(input.value).toBe(''));
    expect(sent).toEqual(['Hola, quiero informes']);
  });

  it('does not send an empty message with Enter, nor with Shift+Enter', () => {
    const onSend = vi.fn(async () => ({ sent: true }) as const);
    const { input } = renderComposer(onSend);
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: 'Primera línea' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    expect(input.value).toBe('Primera línea');
  });

  it("shows the server's message for the text and keeps what was written", async () => {
    const { input, button } = renderComposer(async () => ({
      sent: false,
      textError: 'El mensaje no debe exceder los 4096 caracteres',
    }));
    fireEvent.change(input, { target: { value: 'Un texto' } });
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'El mensaje no debe exceder los 4096 caracteres',
    );
    expect(input.value).toBe('Un texto');
  });
});
