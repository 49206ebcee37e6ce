import {
  ClockCircleOutlined,
  ExperimentOutlined,
  FacebookOutlined,
  MessageOutlined,
  WhatsAppOutlined,
} from '@ant-design/icons';
import { type ConversationView, displayPhone } from '@crm/shared';
import { Avatar, Typography } from 'antd';
import type { ReactNode } from 'react';
import { windowLabel } from '../replyWindow';

const PLATFORM_ICONS: Record<string, ReactNode> = {
  whatsapp_cloud: <WhatsAppOutlined />,
  dialog360: <WhatsAppOutlined />,
  messenger: <FacebookOutlined />,
  sms: <MessageOutlined />,
  sandbox: <ExperimentOutlined />,
};

const PLATFORM_LABELS: Record<string, string> = {
  whatsapp_cloud: 'WhatsApp',
  dialog360: 'WhatsApp',
  messenger: 'Messenger',
  sms: 'SMS',
  sandbox: 'Canal de prueba',
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
  const phone = displayPhone(conversation.senderId);
  const title = conversation.name?.trim() || (canSeePhone ? phone : 'Cliente sin nombre');
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
            aria-label={PLATFORM_LABELS[channel.platform] ?? channel.platform}
          >
            {PLATFORM_ICONS[channel.platform] ?? <MessageOutlined />}
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
