import {
  COMPOSE_MESSAGES,
  formatTime,
  interactiveMessageOf,
  type MessageView,
  messagePreview,
} from '@crm/shared';
import { useCompanyTimeZone } from '../../session/hooks/useCompanyTimeZone';
import { MessageStatus } from './MessageStatus';
import { type MenuOption, SimulatorMenu } from './SimulatorMenu';

interface SimulatorMessageProps {
  message: MessageView;
  /** The customer taps an option of this message's menu; absent while they cannot write. */
  onReply?: (message: MessageView, option: MenuOption) => void;
}

// Seen from the customer's phone: their own messages on the right, the business's replies on the left.
export function SimulatorMessage({ message, onReply }: SimulatorMessageProps) {
  const fromCustomer = message.sender === 'CLIENT';
  const deleted = message.messageStatus === 'deleted';
  const failed = message.messageStatus === 'failed';
  // The company's clock, as in the inbox: both sides of the conversation show the same time.
  const timeZone = useCompanyTimeZone();
  // A bot's menu: its text in the bubble and its buttons or list under it, as WhatsApp shows them (issue 17).
  const menu = !fromCustomer && !deleted && !failed ? interactiveMessageOf(message.payload) : null;
  const bubble = (
    <div className={failed ? 'sim-bubble sim-bubble-failed' : 'sim-bubble'}>
      {message.sender === 'BOT' ? <span className="sim-bubble-author">Bot</span> : null}
      {deleted ? (
        <span className="sim-bubble-text sim-bubble-deleted">{COMPOSE_MESSAGES.deleted}</span>
      ) : (
        <span className="sim-bubble-text">
          {menu ? menu.body : messagePreview(message.type, message.content)}
        </span>
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
  );
  return (
    <div
      className={`sim-message ${fromCustomer ? 'sim-message-customer' : 'sim-message-business'}`}
      data-testid={fromCustomer ? 'customer-message' : 'business-message'}
    >
      {menu ? (
        <div className="sim-message-stack">
          {bubble}
          <SimulatorMenu
            interactive={menu}
            onTap={onReply ? (option) => onReply(message, option) : undefined}
          />
        </div>
      ) : (
        bubble
      )}
    </div>
  );
}
