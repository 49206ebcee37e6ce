import {
  CommentOutlined,
  ExperimentOutlined,
  MessageFilled,
  MobileOutlined,
  ScheduleOutlined,
  StarFilled,
  UserOutlined,
  WhatsAppOutlined,
} from '@ant-design/icons';
import { type ConversationView, platformLabel, priorityBucket } from '@crm/shared';
import { Avatar, Badge } from 'antd';
import { memo } from 'react';
import { Link } from 'react-router';
import { colorTagStyle } from '../../../../lib/contrast';
import { MessageStatusIcon } from '../../messages/MessageStatusIcon';
import '../../messages/messages.css';
import { useCompanyTimeZone } from '../../../session/hooks/useCompanyTimeZone';
import {
  avatarColor,
  type ChannelKind,
  channelKind,
  conversationDisplayName,
  conversationTime,
  initialsOf,
  lastMessageIsOurs,
  PRIORITY_TEXT,
} from '../conversationDisplay';

/** Row height of the virtual list: the row's CSS keeps its content inside it. */
export const CONVERSATION_ROW_HEIGHT = 92;

/** Tags shown on a row before '+N'. */
const VISIBLE_TAGS = 2;

const CHANNEL_ICONS: Record<ChannelKind, typeof CommentOutlined> = {
  whatsapp: WhatsAppOutlined,
  messenger: MessageFilled,
  sms: MobileOutlined,
  sandbox: ExperimentOutlined,
  other: CommentOutlined,
};

export function ChannelIcon({ channel }: { channel: ConversationView['channel'] }) {
  const kind = channelKind(channel.platform);
  const Icon = CHANNEL_ICONS[kind];
  const label = `${platformLabel(channel.platform)}: ${channel.name}`;
  return (
    <span
      className={`conv-channel conv-channel-${kind}`}
      role="img"
      aria-label={label}
      title={label}
      data-testid="conversation-channel"
      data-platform={kind}
    >
      <Icon aria-hidden="true" />
    </span>
  );
}

interface ConversationRowProps {
  conversation: ConversationView;
  selected: boolean;
  /** The clock the time column is written against (refreshed by the list each minute). */
  now: Date;
  canSeePhoneNumber: boolean;
  /** Roving focus (issue 22): 0 for the one row Tab stops at, -1 for the others (reached with the arrows). */
  tabIndex?: number;
}

function ConversationRowComponent({
  conversation,
  selected,
  now,
  canSeePhoneNumber,
  tabIndex,
}: ConversationRowProps) {
  const name = conversationDisplayName(conversation, canSeePhoneNumber);
  const initials = initialsOf(name);
  const unread = conversation.unreadMessages;
  const bucket = priorityBucket(conversation.priority);
  const tags = conversation.tags.slice(0, VISIBLE_TAGS);
  const hiddenTags = conversation.tags.length - tags.length;
  const time = conversationTime(conversation, now, useCompanyTimeZone());

  return (
    <Link
      to={`/chat/${conversation.id}`}
      className={`conv-row${selected ? ' conv-row-selected' : ''}${unread > 0 ? ' conv-row-unread' : ''}`}
      aria-current={selected ? 'page' : undefined}
      tabIndex={tabIndex}
      data-testid="conversation-row"
      data-client-id={conversation.id}
    >
      <Avatar
        size={44}
        src={conversation.imageUrl ?? undefined}
        icon={initials ? undefined : <UserOutlined />}
        style={conversation.imageUrl ? undefined : { backgroundColor: avatarColor(conversation.id) }}
        className="conv-avatar"
        alt=""
      >
        {initials}
      </Avatar>
      <div className="conv-body">
        <div className="conv-line">
          <span className="conv-name" data-testid="conversation-name" title={name}>
            {name}
          </span>
          <ChannelIcon channel={conversation.channel} />
          <time
            className="conv-time"
            dateTime={conversation.lastUpdate ?? conversation.createdAt}
            data-testid="conversation-time"
          >
            {time}
          </time>
        </div>
        <div className="conv-line">
          <span className="conv-last" data-testid="conversation-last-message">
            {lastMessageIsOurs(conversation) ? (
              <MessageStatusIcon status={conversation.lastMessageStatus} />
            ) : null}
            <span className="conv-last-text">{conversation.lastMessage ?? ''}</span>
          </span>
          {unread > 0 ? (
            <Badge
              count={unread}
              overflowCount={99}
              className="conv-unread"
              title={unread === 1 ? '1 mensaje sin leer' : `${unread} mensajes sin leer`}
              data-testid="conversation-unread"
            />
          ) : null}
        </div>
        <div className="conv-line conv-meta">
          <span className="conv-tags">
            {tags.map((tag) => (
              <span
                key={tag.id}
                className="conv-tag"
                style={colorTagStyle(tag.color)}
                title={tag.name}
                data-testid="conversation-tag"
              >
                {tag.name}
              </span>
            ))}
            {hiddenTags > 0 ? (
              <span
                className="conv-tag conv-tag-more"
                title={conversation.tags.map((tag) => tag.name).join(', ')}
              >
                +{hiddenTags}
              </span>
            ) : null}
          </span>
          {conversation.hasFollowUpMessage ? (
            <ScheduleOutlined
              className="conv-mark conv-mark-follow-up"
              role="img"
              aria-label="Seguimiento programado"
              title="Seguimiento programado"
              data-testid="conversation-follow-up"
            />
          ) : null}
          {conversation.isConversationValuable ? (
            <StarFilled
              className="conv-mark conv-mark-valuable"
              role="img"
              aria-label="Conversación valiosa"
              title="Conversación valiosa"
              data-testid="conversation-valuable"
            />
          ) : null}
          <span
            className={`conv-priority conv-priority-${bucket}`}
            role="img"
            aria-label={PRIORITY_TEXT[bucket]}
            title={PRIORITY_TEXT[bucket]}
            data-testid="conversation-priority"
            data-priority={bucket}
          />
          <span
            className="conv-agent"
            data-testid="conversation-agent"
            title={conversation.agent?.name ?? 'Sin asignar'}
          >
            {conversation.agent?.name ?? 'Sin asignar'}
          </span>
        </div>
      </div>
    </Link>
  );
}

/** One conversation of the inbox list (02 §2); memoised: the list re-renders on every event, most rows do not change. */
export const ConversationRow = memo(ConversationRowComponent);
