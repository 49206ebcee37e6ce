import { FormOutlined, LinkOutlined, NotificationOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import type { MessageView } from '@crm/shared';
import { flowReplyOf, linkOf, orderOf, referralOf, systemNoticeOf } from './receivedContent';
import { WhatsappText } from './WhatsappText';
import './receivedContent.css';

/**
 * Bubbles of what customers send beyond text and files. Every text is rendered as text (React escapes it) and
 * every link goes through safeHttpUrl: these come from providers and customers.
 */

export function OrderCard({ message }: { message: MessageView }) {
  const order = orderOf(message);
  if (!order) return <em className="msg-unavailable">Pedido sin detalle</em>;
  return (
    <div className="msg-order" data-testid="message-order">
      <span className="msg-order-title">
        <ShoppingCartOutlined aria-hidden="true" /> Pedido
      </span>
      <table className="msg-order-items">
        <thead>
          <tr>
            <th scope="col">Producto</th>
            <th scope="col">Cant.</th>
            <th scope="col">Precio</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines have no id and never reorder
            <tr key={index}>
              <td>{item.product}</td>
              <td>{item.quantity}</td>
              <td>{item.price ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {order.total ? (
        <span className="msg-order-total" data-testid="message-order-total">
          Total: {order.total}
        </span>
      ) : null}
      {order.note ? <WhatsappText text={order.note} className="msg-caption" /> : null}
    </div>
  );
}

export function FlowReplyCard({ message }: { message: MessageView }) {
  const reply = flowReplyOf(message);
  return (
    <div className="msg-flow" data-testid="message-flow-reply">
      <span className="msg-flow-title">
        <FormOutlined aria-hidden="true" /> Formulario respondido
      </span>
      {reply && reply.fields.length > 0 ? (
        <dl className="msg-flow-fields">
          {reply.fields.map((field, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a reply's answers have no id and never reorder
            <div className="msg-flow-field" key={index}>
              <dt>{field.label}</dt>
              <dd>{field.value || '—'}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <em className="msg-unavailable">Sin respuestas</em>
      )}
    </div>
  );
}

export function LinkCard({ message }: { message: MessageView }) {
  const link = linkOf(message);
  const words = message.content.trim();
  if (!link) return words ? <WhatsappText text={words} /> : <em className="msg-unavailable">Enlace</em>;
  return (
    <div className="msg-link" data-testid="message-link">
      {words && words !== link.address && words !== link.label ? <WhatsappText text={words} /> : null}
      <span className="msg-link-card">
        <LinkOutlined aria-hidden="true" />
        {link.url ? (
          <a href={link.url} target="_blank" rel="noopener noreferrer">
            {link.label}
          </a>
        ) : (
          <span>{link.label}</span>
        )}
      </span>
    </div>
  );
}

/** 'Desde anuncio: {headline}', linking to the ad when its URL is a web link. */
export function ReferralBox({ message }: { message: MessageView }) {
  const referral = referralOf(message);
  if (!referral) return null;
  return (
    <div className="msg-referral" data-testid="message-referral">
      <NotificationOutlined aria-hidden="true" />
      {referral.url ? (
        <a href={referral.url} target="_blank" rel="noopener noreferrer">
          {referral.label}
        </a>
      ) : (
        <span>{referral.label}</span>
      )}
    </div>
  );
}

/** A provider's notice about the customer (number or identity change): centred and muted, not a bubble. */
export function SystemNoticeLine({ message }: { message: MessageView }) {
  return (
    <div
      className="msg-system"
      role="note"
      data-testid="message-system"
      data-message-id={message.id}
      data-type={message.type}
    >
      <span className="msg-system-text">{systemNoticeOf(message)}</span>
    </div>
  );
}
