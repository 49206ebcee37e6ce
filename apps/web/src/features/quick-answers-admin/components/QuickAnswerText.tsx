import { QUICK_ANSWER_PLACEHOLDERS, stripWhatsappMarkup } from '@crm/shared';
import { Tag } from 'antd';
import { Fragment } from 'react';

export const PLACEHOLDER_LABELS: Record<string, string> = {
  [QUICK_ANSWER_PLACEHOLDERS.leadName]: 'Nombre del cliente',
  [QUICK_ANSWER_PLACEHOLDERS.agentName]: 'Nombre del agente',
};

const PLACEHOLDER_PATTERN = /(\{\{nombre_cliente\}\}|\{\{nombre_agente\}\})/;

/** An answer's text with its placeholders shown as labels (02 §3: lead-name and agent-name placeholders). */
export function QuickAnswerText({ text }: { text: string }) {
  const parts = stripWhatsappMarkup(text).split(PLACEHOLDER_PATTERN);
  return (
    <span className="qa-text">
      {parts.map((part, index) => {
        const label = PLACEHOLDER_LABELS[part];
        // Parts never move: the index is their identity.
        const key = `${index}-${part.length}`;
        return label ? (
          <Tag key={key} color="blue" className="qa-placeholder">
            {label}
          </Tag>
        ) : (
          <Fragment key={key}>{part}</Fragment>
        );
      })}
    </span>
  );
}
