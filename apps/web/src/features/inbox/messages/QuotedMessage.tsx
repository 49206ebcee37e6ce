import { messagePreview, stripWhatsappMarkup } from '@crm/shared';

/**
 * The message a reply quotes, above the reply's own content. Only its one-line preview is stored with the
 * reply (quotedMsgBody / quotedMsgType), so media show their label ('📷 Imagen: caption').
 */
export function QuotedMessage({ type, body }: { type: string | null; body: string | null }) {
  const preview = messagePreview(type ?? 'text', stripWhatsappMarkup(body ?? '')) || 'Mensaje';
  return (
    <blockquote className="msg-quote" data-testid="message-quote">
      {preview}
    </blockquote>
  );
}
