import { SendOutlined } from '@ant-design/icons';
import { Button, Input, Typography } from 'antd';
import { type KeyboardEvent, useState } from 'react';

export type ComposerResult = { sent: true } | { sent: false; textError?: string };

interface SimulatorComposerProps {
  onSend: (text: string) => Promise<ComposerResult>;
  disabled?: boolean;
}

// Enter sends, Shift+Enter starts a new line; the server's message for the text shows under the box.
export function SimulatorComposer({ onSend, disabled = false }: SimulatorComposerProps) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const empty = text.trim() === '';

  const send = async () => {
    if (empty || sending || disabled) return;
    setSending(true);
    try {
      const result = await onSend(text);
      if (result.sent) {
        setText('');
        setError(null);
      } else {
        setError(result.textError ?? null);
      }
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  return (
    <div className="sim-composer">
      <div className="sim-composer-row">
        <Input.TextArea
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          placeholder="Escribe un mensaje como cliente"
          aria-label="Mensaje del cliente"
          autoSize={{ minRows: 1, maxRows: 5 }}
          status={error ? 'error' : undefined}
          disabled={disabled}
          data-testid="simulator-input"
        />
        <Button
          type="primary"
          shape="circle"
          size="large"
          icon={<SendOutlined />}
          aria-label="Enviar"
          onClick={() => void send()}
          disabled={empty || disabled}
          loading={sending}
          data-testid="simulator-send"
        />
      </div>
      {error ? (
        <Typography.Text type="danger" role="alert" className="sim-composer-error">
          {error}
        </Typography.Text>
      ) : null}
    </div>
  );
}
