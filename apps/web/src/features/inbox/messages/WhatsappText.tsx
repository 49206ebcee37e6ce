import { type MarkupNode, parseWhatsappMarkup } from '@crm/shared';
import { type ReactNode, useMemo } from 'react';

function renderNodes(nodes: readonly MarkupNode[]): ReactNode[] {
  // Siblings never reorder while a message is shown, so their position is a stable key.
  return nodes.map((node, index) => {
    const key = `${node.type}-${index}`;
    switch (node.type) {
      case 'text':
        return node.text;
      case 'bold':
        return <strong key={key}>{renderNodes(node.children)}</strong>;
      case 'italic':
        return <em key={key}>{renderNodes(node.children)}</em>;
      case 'strike':
        return <s key={key}>{renderNodes(node.children)}</s>;
      case 'mono':
        return <code key={key}>{node.text}</code>;
      case 'link':
        // A customer's link must not get a handle on the inbox window (reverse tabnabbing).
        return (
          <a key={key} href={node.href} target="_blank" rel="noopener noreferrer">
            {node.text}
          </a>
        );
      default:
        return null;
    }
  });
}

/** Message text with WhatsApp formatting (*bold*, _italic_, ~strike~, ```mono```) and clickable links. */
export function WhatsappText({ text, className }: { text: string; className?: string }) {
  const nodes = useMemo(() => parseWhatsappMarkup(text), [text]);
  return (
    <span className={className ? `msg-text ${className}` : 'msg-text'} data-testid="message-text">
      {renderNodes(nodes)}
    </span>
  );
}
