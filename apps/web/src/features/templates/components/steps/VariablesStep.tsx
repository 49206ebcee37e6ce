import {
  acceptProposedVariable,
  addVariableFromSelection,
  editProposedVariableExample,
  type ProposedTemplateVariable,
  type TemplateVariableKind,
  type TemplateVariableProposal,
  undoProposedVariable,
  userMessageFor,
} from '@crm/shared';
import { Alert, Button, Empty, Input, Space, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { draftProposal, withBody } from '../../templateDraft';
import type { StepProps } from './stepProps';

export const VARIABLE_KIND_LABELS: Readonly<Record<TemplateVariableKind, string>> = {
  name: 'Nombre',
  date: 'Fecha',
  time: 'Hora',
  amount: 'Monto',
  code: 'Código',
  url: 'Enlace',
  phone: 'Teléfono',
  email: 'Correo',
  manual: 'Marcada por ti',
};

const PLACEHOLDER = /\{\{(\d+)\}\}/g;

/** The message with each {{n}} as a highlighted example; plain parts carry where they start in the text. */
function highlighted(text: string, variables: readonly ProposedTemplateVariable[]): ReactNode[] {
  const nodes: ReactNode[] = [];
  let cursor = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const start = match.index ?? 0;
    if (start > cursor) {
      nodes.push(
        <span key={`t${cursor}`} data-start={cursor}>
          {text.slice(cursor, start)}
        </span>,
      );
    }
    const index = Number(match[1]);
    const variable = variables.find((v) => v.index === index);
    const shown = variable?.example.trim() ? variable.example : match[0];
    nodes.push(
      <mark
        key={`v${start}`}
        data-var-start={start}
        className={`tpl-var${variable?.accepted ? ' tpl-var-accepted' : ''}`}
        title={`Variable ${match[0]}`}
        data-testid="template-variable-mark"
      >
        <sup className="tpl-var-number">{index}</sup>
        {shown}
      </mark>,
    );
    cursor = start + match[0].length;
  }
  if (cursor < text.length) {
    nodes.push(
      <span key={`t${cursor}`} data-start={cursor}>
        {text.slice(cursor)}
      </span>,
    );
  }
  return nodes;
}

/**
 * Where a selection boundary falls in the message's text. Inside a highlighted variable it points into its
 * braces, which the shared rule refuses (a selection may not touch a variable).
 */
export function textOffset(container: Element, node: Node, offset: number, textLength: number): number {
  if (node === container) {
    const child = container.childNodes[offset];
    if (!(child instanceof Element)) return textLength;
    const start = child.getAttribute('data-start') ?? child.getAttribute('data-var-start');
    return start === null ? textLength : Number(start);
  }
  let element: Element | null = node instanceof Element ? node : node.parentElement;
  while (element && element !== container) {
    const plain = element.getAttribute('data-start');
    if (plain !== null) {
      const length = element.textContent?.length ?? 0;
      if (node instanceof Text) return Number(plain) + offset;
      return Number(plain) + (offset > 0 ? length : 0);
    }
    const variable = element.getAttribute('data-var-start');
    if (variable !== null) return Number(variable) + 1;
    element = element.parentElement;
  }
  return -1;
}

/**
 * 02 §2 'identify variables': the variables /identify-variables proposed, each highlighted in the message with
 * its example; the user accepts, edits or undoes each, and may select part of the text to make it a variable.
 */
export function VariablesStep({ draft, update, errors }: StepProps) {
  const textRef = useRef<HTMLDivElement>(null);
  const [selection, setSelection] = useState<{ start: number; end: number } | null>(null);
  const [selectionError, setSelectionError] = useState<string | null>(null);
  const proposal = draftProposal(draft);

  // The selection is read as it changes: clicking the button must not be what loses it.
  useEffect(() => {
    const read = () => {
      const container = textRef.current;
      const current = document.getSelection();
      if (!container || !current || current.rangeCount === 0 || current.isCollapsed) {
        setSelection(null);
        return;
      }
      const range = current.getRangeAt(0);
      if (!container.contains(range.startContainer) || !container.contains(range.endContainer)) {
        setSelection(null);
        return;
      }
      const length = draft.text.length;
      const a = textOffset(container, range.startContainer, range.startOffset, length);
      const b = textOffset(container, range.endContainer, range.endOffset, length);
      setSelection({ start: Math.min(a, b), end: Math.max(a, b) });
    };
    document.addEventListener('selectionchange', read);
    return () => document.removeEventListener('selectionchange', read);
  }, [draft.text]);

  const apply = (next: TemplateVariableProposal) =>
    update((current) => withBody(current, { text: next.text, variables: next.variables }));

  const makeVariable = () => {
    const result = selection
      ? addVariableFromSelection(proposal, selection.start, selection.end)
      : ({ ok: false, code: 'SELECTED_VARIABLE_INVALID' } as const);
    if (!result.ok) {
      setSelectionError(userMessageFor(result.code));
      return;
    }
    setSelectionError(null);
    setSelection(null);
    document.getSelection()?.removeAllRanges();
    apply(result.proposal);
  };

  const variables = [...draft.variables].sort((a, b) => a.index - b.index);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary">
        Resaltamos las partes del mensaje que cambian de un cliente a otro. Acepta cada variable, corrige su
        ejemplo o deshazla; para crear otra, selecciona el texto en el mensaje y pulsa «Convertir en
        variable».
      </Typography.Paragraph>
      <div ref={textRef} className="tpl-variables-text" data-testid="template-variables-text">
        {highlighted(draft.text, draft.variables)}
      </div>
      <Space wrap>
        <Button
          // Pressing the button must not clear the text selection it acts on.
          onMouseDown={(event) => event.preventDefault()}
          onClick={makeVariable}
          disabled={selection === null}
        >
          Convertir en variable
        </Button>
        <Typography.Text type="secondary">
          {selection === null ? 'Selecciona en el mensaje el texto que quieres convertir en variable.' : null}
        </Typography.Text>
      </Space>
      {selectionError ? <Alert type="error" showIcon title={selectionError} /> : null}
      {variables.length === 0 ? (
        <Empty description="El mensaje no tiene variables. Puedes continuar así o crear una seleccionando texto." />
      ) : (
        <ul className="tpl-variable-list" aria-label="Variables">
          {variables.map((variable) => (
            <li key={variable.index} className="tpl-variable-row" data-testid="template-variable-row">
              <Tag className="tpl-variable-index">{`{{${variable.index}}}`}</Tag>
              <span className="tpl-variable-kind">{VARIABLE_KIND_LABELS[variable.kind]}</span>
              <Input
                aria-label={`Ejemplo de la variable ${variable.index}`}
                value={variable.example}
                onChange={(event) =>
                  apply(editProposedVariableExample(proposal, variable.index, event.target.value))
                }
                className="tpl-variable-example"
              />
              {variable.accepted ? (
                <Tag color="green">Aceptada</Tag>
              ) : (
                <Button
                  size="small"
                  type="primary"
                  ghost
                  onClick={() => apply(acceptProposedVariable(proposal, variable.index))}
                  aria-label={`Aceptar la variable ${variable.index}`}
                >
                  Aceptar
                </Button>
              )}
              <Button
                size="small"
                onClick={() => apply(undoProposedVariable(proposal, variable.index))}
                aria-label={`Deshacer la variable ${variable.index}`}
              >
                Deshacer
              </Button>
            </li>
          ))}
        </ul>
      )}
      {errors.text ? <Alert type="error" showIcon title={errors.text} /> : null}
      {errors.variables ? <Alert type="error" showIcon title={errors.variables} /> : null}
    </Space>
  );
}
