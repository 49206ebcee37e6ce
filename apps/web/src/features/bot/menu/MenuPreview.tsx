import { PaperClipOutlined, ReloadOutlined, RobotOutlined, SendOutlined } from '@ant-design/icons';
import { type ChatbotMenu, type MenuChoice, SIMULATOR_ROUTE } from '@crm/shared';
import { Button, Card, Empty, Input, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  type PreviewEntry,
  type PreviewNames,
  type PreviewSession,
  previewReply,
  startPreview,
} from './preview';

interface MenuPreviewProps {
  menu: ChatbotMenu;
  names: PreviewNames;
}

function Bubble({
  entry,
  onChoose,
  active,
}: {
  entry: PreviewEntry;
  onChoose: (choice: MenuChoice) => void;
  active: boolean;
}) {
  if (entry.from === 'note') {
    return (
      <div className="bot-preview-note" data-testid="bot-preview-note">
        {entry.text}
      </div>
    );
  }
  if (entry.from === 'customer') {
    return (
      <div className="bot-preview-bubble bot-preview-customer" data-testid="bot-preview-customer">
        {entry.text}
      </div>
    );
  }
  const { message } = entry;
  return (
    <div className="bot-preview-bubble bot-preview-bot" data-testid="bot-preview-bot">
      {message.type === 'media' ? (
        <span>
          <PaperClipOutlined /> {message.media.name || message.media.url}
          {message.caption ? <div>{message.caption}</div> : null}
        </span>
      ) : (
        <div className="bot-preview-text">{message.text}</div>
      )}
      {message.type === 'menu' && (
        <div className="bot-preview-choices">
          {message.choices.map((choice, index) => (
            <Button
              key={choice.id}
              size="small"
              block
              disabled={!active}
              onClick={() => onChoose(choice)}
              className="bot-preview-choice"
            >
              <span>
                {index + 1}. {choice.title}
                {choice.description ? (
                  <Typography.Text type="secondary" className="bot-preview-choice-description">
                    {' '}
                    — {choice.description}
                  </Typography.Text>
                ) : null}
              </span>
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * A chat with the menu as it is being edited (issue 17 "preview it as a chat"): the customer types or taps
 * options, the bot answers by the shared rules. It starts over whenever the menu changes, and on 'Reiniciar'.
 */
export function MenuPreview({ menu, names }: MenuPreviewProps) {
  const [session, setSession] = useState<PreviewSession>(() => startPreview(menu, names));
  const [text, setText] = useState('');
  const log = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setSession(startPreview(menu, names));
  }, [menu, names]);

  const shown = session.entries.length;
  useEffect(() => {
    const element = log.current;
    // jsdom has no layout (and no scrollTo); the browser keeps the last message in view.
    if (shown > 0 && element && typeof element.scrollTo === 'function') {
      element.scrollTo({ top: element.scrollHeight });
    }
  }, [shown]);

  const send = () => {
    const typed = text.trim();
    if (!typed) return;
    setSession((current) => previewReply(menu, current, { text: typed }, names));
    setText('');
  };

  const choose = (choice: MenuChoice) =>
    setSession((current) => previewReply(menu, current, { text: choice.title, replyId: choice.id }, names));

  // Only the last menu can be answered, as on WhatsApp an older one would answer the current level.
  const lastMenu = session.entries.reduce(
    (last, entry, index) => (entry.from === 'bot' && entry.message.type === 'menu' ? index : last),
    -1,
  );

  return (
    <Card
      size="small"
      title={
        <span>
          <RobotOutlined /> Vista previa
        </span>
      }
      extra={
        <Button
          size="small"
          icon={<ReloadOutlined />}
          onClick={() => setSession(startPreview(menu, names))}
          aria-label="Reiniciar vista previa"
        >
          Reiniciar
        </Button>
      }
      data-testid="bot-preview"
    >
      {menu.options.length === 0 ? (
        <Empty description="Agrega opciones al menú para probarlo aquí." />
      ) : (
        <>
          <div className="bot-preview-log" ref={log} data-testid="bot-preview-log">
            {session.entries.map((entry, index) => (
              <Bubble
                // The log only grows until it restarts, so positions are stable keys.
                // biome-ignore lint/suspicious/noArrayIndexKey: entries are appended, never reordered.
                key={index}
                entry={entry}
                onChoose={choose}
                active={!session.finished && index === lastMenu && session.state?.awaiting == null}
              />
            ))}
          </div>
          <Space.Compact block className="bot-preview-input">
            <Input
              aria-label="Mensaje del cliente"
              placeholder={session.finished ? 'El bot terminó' : 'Escribe como el cliente'}
              value={text}
              disabled={session.finished}
              onChange={(event) => setText(event.target.value)}
              onPressEnter={send}
            />
            <Button
              type="primary"
              icon={<SendOutlined />}
              onClick={send}
              disabled={session.finished}
              aria-label="Enviar"
            />
          </Space.Compact>
        </>
      )}
      <div className="bot-preview-footer">
        <Link to={SIMULATOR_ROUTE}>Probar en el simulador</Link>
      </div>
    </Card>
  );
}
