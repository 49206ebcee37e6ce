import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QuickAnswer } from '../api/quickAnswers.graphql';
import { Composer, type ComposerSubmit } from '../components/Composer';

const ANSWERS: QuickAnswer[] = [
  { id: 1, shortcut: 'horario', text: 'Abrimos de lunes a viernes de 9:00 a 18:00.', file: null },
  {
    id: 2,
    shortcut: 'saludo',
    text: 'Hola {{nombre_cliente}}, soy {{nombre_agente}}. ¿En qué te puedo ayudar?',
    file: null,
  },
  { id: 3, shortcut: 'gracias', text: '¡Gracias por escribirnos, {{nombre_cliente}}!', file: null },
];

const MB = 1024 * 1024;

function renderComposer() {
  const submitted: ComposerSubmit[] = [];
  const used: number[] = [];
  render(
    <Composer
      leadName="Sheena Nelson"
      agentName="Ana Pérez"
      quickAnswers={ANSWERS}
      quote={null}
      onCancelQuote={() => undefined}
      onSubmit={(submit) => submitted.push(submit)}
      onQuickAnswerUsed={(answer) => used.push(answer.id)}
    />,
  );
  return {
    input: screen.getByTestId('composer-input') as HTMLTextAreaElement,
    send: screen.getByTestId('composer-send') as HTMLButtonElement,
    fileInput: screen.getByTestId('attach-input') as HTMLInputElement,
    submitted,
    used,
  };
}

/** A File whose size is reported without allocating it. */
function bigFile(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function choose(input: HTMLInputElement, files: File[]) {
  fireEvent.change(input, { target: { files } });
}

describe('composer: quick answers', () => {
  it("opens the menu on '/' and filters it by the shortcut typed after the slash", () => {
    const { input } = renderComposer();
    fireEvent.change(input, { target: { value: '/' } });
    expect(screen.getAllByTestId('quick-answer-option')).toHaveLength(3);
    fireEvent.change(input, { target: { value: '/sal' } });
    const options = screen.getAllByTestId('quick-answer-option');
    // Issue 19: the placeholders show as the list's friendly chips, never as raw {{…}}.
    expect(options.map((option) => option.textContent)).toEqual([
      '/saludoHola Nombre del cliente, soy Nombre del agente. ¿En qué te puedo ayudar?',
    ]);
    expect([...options[0].querySelectorAll('.qa-placeholder')].map((chip) => chip.textContent)).toEqual([
      'Nombre del cliente',
      'Nombre del agente',
    ]);
    fireEvent.change(input, { target: { value: '/zzz' } });
    expect(
      within(screen.getByTestId('quick-answer-menu')).getByText('Ninguna respuesta rápida coincide con /zzz'),
    ).toBeDefined();
    fireEvent.change(input, { target: { value: 'hola /sal' } });
    expect(screen.queryByTestId('quick-answer-menu')).toBeNull();
  });

  it('inserts the chosen answer with Enter, names filled in, without sending, and counts the use', () => {
    const { input, submitted, used } = renderComposer();
    fireEvent.change(input, { target: { value: '/sal' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('Hola Sheena Nelson, soy Ana Pérez. ¿En qué te puedo ayudar?');
    expect(screen.queryByTestId('quick-answer-menu')).toBeNull();
    expect(submitted).toEqual([]);
    expect(used).toEqual([2]);
  });

  it('inserts the answer the agent clicks, or moves to it with the arrows', () => {
    const { input, used } = renderComposer();
    fireEvent.change(input, { target: { value: '/' } });
    fireEvent.click(screen.getByText('/gracias'));
    expect(input.value).toBe('¡Gracias por escribirnos, Sheena Nelson!');

    fireEvent.change(input, { target: { value: '/' } });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('Hola Sheena Nelson, soy Ana Pérez. ¿En qué te puedo ayudar?');
    expect(used).toEqual([3, 2]);
  });

  it('closes the menu with Escape and then lets Enter send the text as typed', () => {
    const { input, submitted } = renderComposer();
    fireEvent.change(input, { target: { value: '/saludo' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByTestId('quick-answer-menu')).toBeNull();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(submitted).toEqual([{ text: '/saludo', attachments: [] }]);
  });
});

describe('composer: sending', () => {
  it('sends with Enter and empties the box; Shift+Enter does not send', () => {
    const { input, send, submitted } = renderComposer();
    expect(send.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'Primera línea' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(submitted).toEqual([]);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(submitted).toEqual([{ text: 'Primera línea', attachments: [] }]);
    expect(input.value).toBe('');
  });

  it('does not send only spaces', () => {
    const { input, submitted } = renderComposer();
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(submitted).toEqual([]);
  });

  it('sends the attached files with the typed text as caption', () => {
    const { input, fileInput, submitted } = renderComposer();
    const photo = new File(['img'], 'sala.jpg', { type: 'image/jpeg' });
    choose(fileInput, [photo]);
    const attached = screen.getByTestId('composer-attachment');
    expect(attached.textContent).toContain('sala.jpg');
    expect(attached.textContent).toContain('Imagen');
    fireEvent.change(input, { target: { value: 'Nuestra sala' } });
    fireEvent.click(screen.getByTestId('composer-send'));
    expect(submitted).toEqual([{ text: 'Nuestra sala', attachments: [{ kind: 'file', file: photo }] }]);
    expect(screen.queryByTestId('composer-attachment')).toBeNull();
  });

  it('inserts an emoji from the picker where the caret is', async () => {
    const { input } = renderComposer();
    fireEvent.change(input, { target: { value: 'Gracias' } });
    input.setSelectionRange(7, 7);
    fireEvent.click(screen.getByRole('button', { name: 'Insertar emoji' }));
    fireEvent.click(await screen.findByRole('button', { name: '👍' }));
    expect(input.value).toBe('Gracias👍');
  });

  it("removes an attached file with 'Eliminar'", () => {
    const { fileInput } = renderComposer();
    choose(fileInput, [new File(['a'], 'lista.pdf', { type: 'application/pdf' })]);
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    expect(screen.queryByTestId('composer-attachment')).toBeNull();
  });
});

describe('composer: upload rule (02 §5)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('refuses an oversized video before uploading it, with the exact message', async () => {
    const { fileInput } = renderComposer();
    choose(fileInput, [bigFile('demo.mp4', 'video/mp4', 16 * MB)]);
    expect(screen.getByTestId('attach-error').textContent).toBe('Archivo demasiado grande (máximo 15 MB)');
    // The same text reaches the agent as a toast.
    await waitFor(() =>
      expect(screen.getAllByText('Archivo demasiado grande (máximo 15 MB)')).toHaveLength(2),
    );
    expect(screen.queryByTestId('composer-attachment')).toBeNull();
  });

  it('refuses a file over 100 MB', () => {
    const { fileInput } = renderComposer();
    choose(fileInput, [bigFile('catalogo.pdf', 'application/pdf', 101 * MB)]);
    expect(screen.getByTestId('attach-error').textContent).toBe('Archivo demasiado grande (máximo 100 MB)');
  });

  it('keeps ten files out of eleven and says the rest were discarded', async () => {
    const { fileInput } = renderComposer();
    const files = Array.from(
      { length: 11 },
      (_, i) => new File(['x'], `foto${i}.jpg`, { type: 'image/jpeg' }),
    );
    choose(fileInput, files);
    expect(screen.getAllByTestId('composer-attachment')).toHaveLength(10);
    expect(screen.getByTestId('attach-error').textContent).toBe('Límite de 10 archivos excedido');
    expect(
      await screen.findByText('Solo puedes subir hasta 10 archivos. Algunos archivos fueron descartados'),
    ).toBeDefined();
  });

  it('counts the files already attached against the limit of ten', () => {
    const { fileInput } = renderComposer();
    choose(
      fileInput,
      Array.from({ length: 9 }, (_, i) => new File(['x'], `a${i}.png`, { type: 'image/png' })),
    );
    choose(fileInput, [
      new File(['x'], 'b1.png', { type: 'image/png' }),
      new File(['x'], 'b2.png', { type: 'image/png' }),
    ]);
    expect(screen.getAllByTestId('composer-attachment')).toHaveLength(10);
    expect(screen.getByTestId('attach-error').textContent).toBe('Límite de 10 archivos excedido');
  });
});
