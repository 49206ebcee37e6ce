import { ReloadOutlined, RobotOutlined, RollbackOutlined } from '@ant-design/icons';
import { formatTime, type MessageView } from '@crm/shared';
import { Button, Tooltip } from 'antd';
import { MessageContent } from './MessageContent';
import { MessageStatusIcon } from './MessageStatusIcon';
import { failedMessageText, isDeleted, isOutgoing } from './messageDisplay';
import { QuotedMessage } from './QuotedMessage';
import { ReferralBox, SystemNoticeLine } from './ReceivedContent';
import { forwardedLabel, isEcho, isEdited, isSystemMessage } from './receivedContent';
import './messages.css';

export interface MessageBubbleProps {
  message: MessageView;
  /** Sends a failed message again; without it the failed bubble shows no 'Reintentar' button. */
  onRetry?: (message: MessageView) => void;
  /** Starts a reply quoting this message; without it the bubble shows no reply action. */
  onReply?: (message: MessageView) => void;
  /** The company's time zone for HH:mm, as in DaySeparator; DEFAULT_TIME_ZONE otherwise. */
  timeZone?: string;
}

// Reactions and stickers show on their own, as WhatsApp does, not inside a coloured frame.
const FRAMELESS = new Set(['reaction', 'sticker']);

/**
 * One message of the conversation window: the customer's on the left, the team's and the bot's on the right
 * with their delivery status (02 §4).
 */
export function MessageBubble({ message, onRetry, onReply, timeZone }: MessageBubbleProps) {
  // A notice about the customer (number or identity change) is a line of the conversation, not a message.
  if (isSystemMessage(message)) return <SystemNoticeLine message={message} />;
  const outgoing = isOutgoing(message);
  const deleted = isDeleted(message);
  const failed = outgoing && message.messageStatus === 'failed';
  const hasQuote = !deleted && (message.quotedMsgBody !== null || message.quotedMsgType !== null);
  const frameless = !deleted && !hasQuote && FRAMELESS.has(message.type);
  const bot = message.sender === 'BOT';
  const bubbleClass = [
    'msg-bubble',
    bot ? 'msg-bubble-bot' : '',
    frameless ? 'msg-bubble-frameless' : '',
    failed ? 'msg-bubble-failed' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div
      className={`msg-row ${outgoing ? 'msg-row-outgoing' : 'msg-row-incoming'}`}
      data-testid="message-bubble"
      data-message-id={message.id}
      data-type={message.type}
      data-direction={outgoing ? 'outgoing' : 'incoming'}
      data-sender={message.sender}
    >
      <div className={bubbleClass}>
        {/* The bot's messages say so, in a colour of their own: the agents' carry no author line. */}
        {bot ? (
          <span className="msg-author msg-author-bot" data-testid="message-bot">
            <RobotOutlined aria-hidden="true" /> Bot
          </span>
        ) : null}
        {isEcho(message) ? <span className="msg-echo">Enviado fuera del CRM</span> : null}
        {!deleted && forwardedLabel(message) ? (
          <span className="msg-forwarded">{forwardedLabel(message)}</span>
        ) : null}
        {deleted ? null : <ReferralBox message={message} />}
        {hasQuote ? <QuotedMessage type={message.quotedMsgType} body={message.quotedMsgBody} /> : null}
        <div className="msg-content">
          <MessageContent message={message} />
        </div>
        <div className="msg-meta">
          {!deleted && isEdited(message) ? <span className="msg-edited">Editado</span> : null}
          <time dateTime={message.time}>{formatTime(message.time, timeZone)}</time>
          {outgoing && !deleted ? <MessageStatusIcon status={message.messageStatus} /> : null}
        </div>
        {failed ? (
          <div className="msg-error" role="alert" data-testid="message-error">
            <span className="msg-error-text">{failedMessageText(message)}</span>
            {onRetry ? (
              <Button
                size="small"
                type="link"
                danger
                icon={<ReloadOutlined />}
                onClick={() => onRetry(message)}
              >
                Reintentar
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {onReply && !deleted ? (
        <Tooltip title="Responder">
          <Button
            className="msg-reply"
            size="small"
            type="text"
            shape="circle"
            icon={<RollbackOutlined />}
            aria-label="Responder"
            onClick={() => onReply(message)}
          />
        </Tooltip>
      ) : null}
    </div>
  );
}
