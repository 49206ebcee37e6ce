import { MessageOutlined, SearchOutlined } from '@ant-design/icons';
import { Card, Empty, Input, Typography } from 'antd';
import { PageHeader } from '../../layout/components/PageHeader';

// Placeholder of the shared inbox (02 §2) until the conversation list lands.
export function InboxPlaceholder() {
  return (
    <div className="page inbox-page">
      <PageHeader
        title="Bandeja de entrada"
        description="Conversaciones de WhatsApp, Messenger y SMS de tu espacio."
      />
      <div className="inbox-layout">
        <Card className="inbox-list" title="Conversaciones">
          <Input prefix={<SearchOutlined />} placeholder="Buscar conversación" disabled />
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Aún no hay conversaciones" />
        </Card>
        <Card className="inbox-conversation">
          <div className="inbox-empty">
            <MessageOutlined className="inbox-empty-icon" />
            <Typography.Title level={4}>Selecciona una conversación</Typography.Title>
            <Typography.Text type="secondary">
              Aquí verás los mensajes del contacto que elijas.
            </Typography.Text>
          </div>
        </Card>
      </div>
    </div>
  );
}
