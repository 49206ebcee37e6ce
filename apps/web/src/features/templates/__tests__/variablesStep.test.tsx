import { identifyTemplateVariables } from '@crm/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { VariablesStep } from '../components/steps/VariablesStep';
import { EMPTY_DRAFT, type TemplateDraft, withBody } from '../templateDraft';

const MESSAGE = 'Hola Carlos, tu cita es el 12 de mayo a las 10:30 en Sucursal Centro.';

function draftFor(message: string): TemplateDraft {
  const proposal = identifyTemplateVariables(message);
  return withBody(
    {
      ...EMPTY_DRAFT,
      step: 'identifyVariables',
      type: 'NORMAL_TEMPLATE',
      originalText: message,
      isVariables: true,
    },
    { text: proposal.text, variables: proposal.variables },
  );
}

let latest: TemplateDraft = EMPTY_DRAFT;

function Harness({ initial }: { initial: TemplateDraft }) {
  const [draft, setDraft] = useState(initial);
  latest = draft;
  return (
    <VariablesStep
      draft={draft}
      errors={{}}
      update={(change) =>
        setDraft((current) => (typeof change === 'function' ? change(current) : { ...current, ...change }))
      }
    />
  );
}

const text = () => screen.getByTestId('template-variables-text');
const marks = () => screen.getAllByTestId('template-variable-mark').map((mark) => mark.textContent);

/** Selects characters [start, end) of the text node that holds `fragment`, as a mouse would. */
function select(fragment: string, from: number, to: number) {
  const span = [...text().querySelectorAll('span[data-start]')].find((s) =>
    s.textContent?.includes(fragment),
  );
  const node = span?.firstChild;
  if (!node) throw new Error(`no text holds ${fragment}`);
  const offset = node.textContent?.indexOf(fragment) ?? 0;
  const range = document.createRange();
  range.setStart(node, offset + from);
  range.setEnd(node, offset + to);
  const selection = document.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  act(() => {
    document.dispatchEvent(new Event('selectionchange'));
  });
}

describe('identify variables step', () => {
  it('highlights each proposed variable with its example, number and kind', () => {
    render(<Harness initial={draftFor(MESSAGE)} />);
    expect(marks()).toEqual(['1Carlos', '212 de mayo', '310:30']);
    const rows = screen.getAllByTestId('template-variable-row');
    expect(rows.map((row) => row.querySelector('.tpl-variable-kind')?.textContent)).toEqual([
      'Nombre',
      'Fecha',
      'Hora',
    ]);
    expect((screen.getByLabelText('Ejemplo de la variable 2') as HTMLInputElement).value).toBe('12 de mayo');
    expect(latest.text).toBe('Hola {{1}}, tu cita es el {{2}} a las {{3}} en Sucursal Centro.');
  });

  it('accepts, edits and undoes a variable; an undone one goes back into the text and the later ones move down', () => {
    render(<Harness initial={draftFor(MESSAGE)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar la variable 1' }));
    expect(latest.variables.find((v) => v.index === 1)?.accepted).toBe(true);
    expect(screen.queryByRole('button', { name: 'Aceptar la variable 1' })).toBeNull();
    expect(screen.getAllByText('Aceptada')).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('Ejemplo de la variable 3'), { target: { value: '11:00' } });
    expect(marks()[2]).toBe('311:00');
    expect(latest.textWithFormat).toBe(
      'Hola Carlos, tu cita es el 12 de mayo a las 11:00 en Sucursal Centro.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Deshacer la variable 2' }));
    expect(latest.text).toBe('Hola {{1}}, tu cita es el 12 de mayo a las {{2}} en Sucursal Centro.');
    expect(marks()).toEqual(['1Carlos', '211:00']);
    expect(latest.variables.map((v) => [v.index, v.example, v.accepted])).toEqual([
      [1, 'Carlos', true],
      [2, '11:00', true],
    ]);
  });

  it('turns selected text into a variable, and refuses a selection touching a variable', () => {
    render(<Harness initial={draftFor(MESSAGE)} />);
    const button = screen.getByRole('button', { name: 'Convertir en variable' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);

    // "Sucursal Centro", with the space before it: surrounding spaces are left out.
    select(' en Sucursal Centro', 3, 19);
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect(latest.text).toBe('Hola {{1}}, tu cita es el {{2}} a las {{3}} en {{4}}.');
    expect(marks()).toEqual(['1Carlos', '212 de mayo', '310:30', '4Sucursal Centro']);
    expect(latest.variables.find((v) => v.index === 4)).toMatchObject({
      example: 'Sucursal Centro',
      kind: 'manual',
    });
    expect(screen.getAllByTestId('template-variable-row')[3]?.textContent).toContain('Marcada por ti');

    // From inside the text into the first variable.
    const first = text().querySelector('span[data-start]')?.firstChild as Text;
    const mark = text().querySelector('mark') as HTMLElement;
    const range = document.createRange();
    range.setStart(first, 2);
    range.setEnd(mark.lastChild as Text, 2);
    document.getSelection()?.removeAllRanges();
    document.getSelection()?.addRange(range);
    act(() => {
      document.dispatchEvent(new Event('selectionchange'));
    });
    fireEvent.click(button);
    expect(screen.getByText('La selección no es válida como variable.')).toBeDefined();
    expect(latest.text).toBe('Hola {{1}}, tu cita es el {{2}} a las {{3}} en {{4}}.');
  });
});
