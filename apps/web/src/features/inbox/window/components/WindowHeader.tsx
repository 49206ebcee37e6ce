import {
  ClockCircleOutlined,
  ExperimentOutlined,
  FacebookOutlined,
  MessageOutlined,
  WhatsAppOutlined,
} from '@ant-design/icons';
import {
  type ChannelFamily,
  type ConversationView,
  contactDisplayName,
  displayPhone,
  platformLabel,
  platformOf,
} from '@crm/shared';
import { Avatar, Typography } from 'antd';
import type { ReactNode } from 'react';
import { windowLabel } from '../replyWindow';

const FAMILY_ICONS: Record<ChannelFamily, ReactNode> = {
  whatsapp: <WhatsAppOutlined />,
  messenger: <FacebookOutlined />,
  sms: <MessageOutlined />,
  sandbox: <ExperimentOutlined />,
};

/** Under an hour left the agent should hurry; closed is its own state. */
function urgency(minutes: number): 'open' | 'closing' | 'closed' {
  if (minutes <= 0) return 'closed';
  return minutes < 60 ? 'closing' : 'open';
}

export interface WindowHeaderProps {
  conversation: ConversationView;
  remainingMinutes: number;
  /** 02 §5: the phone shows only with canSeePhoneNumber. */
  canSeePhone: boolean;
}

/** Who the conversation is with, on which channel, and how long the reply window stays open (02 §4). */
export function WindowHeader({ conversation, remainingMinutes, canSeePhone }: WindowHeaderProps) {
  const phone = canSeePhone && conversation.senderId ? displayPhone(conversation.senderId) : '';
  const title = contactDisplayName(conversation, canSeePhone);
  const family = platformOf(conversation.channel.platform)?.family;
  const { channel } = conversation;
  const state = urgency(remainingMinutes);
  return (
    <header className="cw-header" data-testid="conversation-header">
      <Avatar size={40} src={conversation.imageUrl ?? undefined} className="cw-avatar">
        {title.replace(/^\+/, '').charAt(0).toUpperCase()}
      </Avatar>
      <div className="cw-header-info">
        <Typography.Text strong className="cw-header-name" data-testid="conversation-name">
          {title}
        </Typography.Text>
        <span className="cw-header-channel" data-testid="conversation-channel">
          <span
            className={`cw-platform cw-platform-${channel.platform}`}
            role="img"
            aria-label={platformLabel(channel.platform)}
          >
            {family ? FAMILY_ICONS[family] : <MessageOutlined />}
          </span>
          <span>{channel.name}</span>
          {canSeePhone && conversation.name?.trim() && phone ? (
            <span className="cw-header-phone">· {phone}</span>
          ) : null}
        </span>
      </div>
      <span
        className={`cw-window cw-window-${state}`}
        data-testid="window-remaining"
        data-state={state}
        title="Tiempo que queda para responder sin plantilla"
      >
        <ClockCircleOutlined aria-hidden="true" /> {windowLabel(remainingMinutes)}
      </span>
    </header>
  );
}
