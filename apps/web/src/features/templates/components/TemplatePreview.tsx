import { FilePdfOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { fillTemplateVariables, formatTime } from '@crm/shared';
import { WhatsappText } from '../../inbox/messages/WhatsappText';
import { useCompanyTimeZone } from '../../session/hooks/useCompanyTimeZone';
import type { DraftHeader } from '../templateDraft';

interface TemplatePreviewProps {
  /** The body with its {{n}} variables. */
  text: string;
  /** The example of each variable, {{1}} first: what the customer would read in its place. */
  examples: readonly string[];
  header: DraftHeader;
}

function HeaderMedia({ header }: { header: DraftHeader }) {
  switch (header.type) {
    case 'text':
      return header.text.trim() ? (
        <strong className="tpl-bubble-title" data-testid="template-preview-header">
          {header.text}
        </strong>
      ) : null;
    case 'imagen':
      return header.mimeType.startsWith('video/') ? (
        <div className="tpl-bubble-media tpl-bubble-video" data-testid="template-preview-header">
          <PlayCircleOutlined aria-hidden />
          <span>{header.fileName}</span>
        </div>
      ) : (
        <img
          className="tpl-bubble-media"
          src={header.url}
          alt={`Encabezado: ${header.fileName}`}
          data-testid="template-preview-header"
        />
      );
    case 'doc':
      return (
        <div className="tpl-bubble-media tpl-bubble-doc" data-testid="template-preview-header">
          <FilePdfOutlined aria-hidden />
          <span>{header.fileName}</span>
        </div>
      );
    default:
      return null;
  }
}

/**
 * The template as a WhatsApp chat bubble: header media or title above the body, the body's markup rendered by the
 * inbox's own renderer, each variable showing its example value, and the time.
 */
export function TemplatePreview({ text, examples, header }: TemplatePreviewProps) {
  const timeZone = useCompanyTimeZone();
  return (
    <div className="tpl-phone">
      <div className="tpl-bubble" data-testid="template-preview">
        <HeaderMedia header={header} />
        <WhatsappText text={fillTemplateVariables(text, examples)} />
        <span className="tpl-bubble-time">{formatTime(new Date(), timeZone)}</span>
      </div>
    </div>
  );
}
