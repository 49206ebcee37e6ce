import { MessageOutlined } from '@ant-design/icons';
import { Typography } from 'antd';

/** The middle column while no conversation is open. */
export function InboxEmptyState() {
  return (
    <div className="inbox-empty-state" data-testid="inbox-empty-state">
      <MessageOutlined className="inbox-empty-state-icon" aria-hidden="true" />
      <Typography.Title level={4}>Selecciona una conversación</Typography.Title>
      <Typography.Text type="secondary">Aquí verás los mensajes del contacto que elijas.</Typography.Text>
    </div>
  );
}
