import { ShopOutlined } from '@ant-design/icons';
import { displayPhone, type MessageView } from '@crm/shared';
import { Avatar, Spin, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import type { SandboxChannel } from '../api/simulator.rest';
import { type ComposerResult, SimulatorComposer } from './SimulatorComposer';
import type { MenuOption } from './SimulatorMenu';
import { SimulatorMessage } from './SimulatorMessage';

interface SimulatorChatProps {
  channel: SandboxChannel | undefined;
  messages: MessageView[];
  loading: boolean;
  /** Why the customer cannot write yet (no valid phone), if so. */
  blockedReason?: string | null;
  onSend: (text: string) => Promise<ComposerResult>;
  /** The customer taps a reply button or list row of a bot's menu. */
  onReply: (message: MessageView, option: MenuOption) => void;
}

// The customer's phone: the business (the sandbox channel) in the header, the conversation below.
export function SimulatorChat({
  channel,
  messages,
  loading,
  blockedReason,
  onSend,
  onReply,
}: SimulatorChatProps) {
  const list = useRef<HTMLDivElement>(null);
  const lastId = messages[messages.length - 1]?.id;

  useEffect(() => {
    const element = list.current;
    if (element && lastId !== undefined) element.scrollTop = element.scrollHeight;
  }, [lastId]);

  return (
    <section className="sim-phone" aria-label="Chat del cliente" data-testid="simulator-chat">
      <header className="sim-phone-header">
        <Avatar size={40} icon={<ShopOutlined />} className="sim-phone-avatar" />
        <div className="sim-phone-title">
          <Typography.Text strong className="sim-phone-name">
            {channel?.name ?? 'Canal de prueba'}
          </Typography.Text>
          {channel?.phone ? <span className="sim-phone-number">{displayPhone(channel.phone)}</span> : null}
        </div>
      </header>
      <div className="sim-phone-body" ref={list} role="log" aria-live="polite" aria-label="Conversación">
        {loading ? (
          <div className="sim-phone-notice">
            <Spin size="small" />
          </div>
        ) : messages.length === 0 ? (
          <div className="sim-phone-notice">
            <span className="sim-phone-hint">
              {blockedReason ?? 'Aún no hay mensajes. Escribe el primero como cliente.'}
            </span>
          </div>
        ) : (
          messages.map((message) => (
            <SimulatorMessage key={message.id} message={message} onReply={channel ? onReply : undefined} />
          ))
        )}
      </div>
      <SimulatorComposer onSend={onSend} disabled={!channel} />
    </section>
  );
}
