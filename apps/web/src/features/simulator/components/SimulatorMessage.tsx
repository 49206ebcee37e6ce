import { COMPOSE_MESSAGES, formatTime, type MessageView, messagePreview } from '@crm/shared';
import { useCompanyTimeZone } from '../../session/hooks/useCompanyTimeZone';
import { MessageStatus } from './MessageStatus';

// Seen from the customer's phone: their own messages on the right, the business's replies on the left.
export function SimulatorMessage({ message }: { message: MessageView }) {
  const fromCustomer = message.sender === 'CLIENT';
  const deleted = message.messageStatus === 'deleted';
  const failed = message.messageStatus === 'failed';
  // The company's clock, as in the inbox: both sides of the conversation show the same time.
  const timeZone = useCompanyTimeZone();
  return (
    <div
      className={`sim-message ${fromCustomer ? 'sim-message-customer' : 'sim-message-business'}`}
      data-testid={fromCustomer ? 'customer-message' : 'business-message'}
    >
      <div className={failed ? 'sim-bubble sim-bubble-failed' : 'sim-bubble'}>
        {message.sender === 'BOT' ? <span className="sim-bubble-author">Bot</span> : null}
        {deleted ? (
          <span className="sim-bubble-text sim-bubble-deleted">{COMPOSE_MESSAGES.deleted}</span>
        ) : (
          <span className="sim-bubble-text">{messagePreview(message.type, message.content)}</span>
        )}
        <span className="sim-bubble-meta">
          <time dateTime={message.time}>{formatTime(message.time, timeZone)}</time>
          {fromCustomer || deleted ? null : <MessageStatus status={message.messageStatus} />}
        </span>
        {failed && message.errorInfo ? (
          <span className="sim-bubble-error" data-testid="message-error">
            {message.errorInfo}
          </span>
        ) : null}
      </div>
    </div>
  );
}
