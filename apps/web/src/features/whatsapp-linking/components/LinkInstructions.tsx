import { ArrowLeftOutlined, CalendarOutlined, CheckCircleOutlined } from '@ant-design/icons';
import { Button, Card, List, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { handleError } from '../../../lib/errors';
import { fetchLinkingConfig } from '../api/linking.rest';
import { LINKING_REQUIREMENTS } from '../linkingRules';

export const CALENDLY_RETURN_ROUTE = '/integrations/calendly_auth';

/** The scheduling page with our return point, so the booking comes back to /integrations/calendly_auth. */
export function schedulingLink(schedulingUrl: string, origin: string = window.location.origin): string {
  const url = new URL(schedulingUrl);
  url.searchParams.set('redirect_url', `${origin}${CALENDLY_RETURN_ROUTE}`);
  return url.toString();
}

/**
 * /link-whatsapp/whatsappLink/instructions (01 §2.5): what the linking needs, and an appointment with an expert.
 * Without a scheduling URL (a company-level setting) the return page asks for the date itself.
 */
export function LinkInstructions() {
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);

  const schedule = async () => {
    setOpening(true);
    try {
      const { schedulingUrl } = await fetchLinkingConfig();
      if (schedulingUrl) window.location.assign(schedulingLink(schedulingUrl));
      else navigate(CALENDLY_RETURN_ROUTE);
    } catch (error) {
      handleError(error);
    } finally {
      setOpening(false);
    }
  };

  return (
    <div className="page linking-page">
      <Typography.Title level={3}>Antes de vincular tu número</Typography.Title>
      <Typography.Paragraph type="secondary">
        Un experto te acompañará en una llamada para vincular tu número de WhatsApp. Ten a la mano:
      </Typography.Paragraph>
      <Card>
        <List
          dataSource={[...LINKING_REQUIREMENTS]}
          renderItem={(item) => (
            <List.Item>
              <Space>
                <CheckCircleOutlined className="linking-check" />
                {item}
              </Space>
            </List.Item>
          )}
        />
        <Space className="linking-actions">
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/link-whatsapp')}>
            Regresar
          </Button>
          <Button
            type="primary"
            icon={<CalendarOutlined />}
            loading={opening}
            onClick={() => void schedule()}
          >
            Agendar cita
          </Button>
        </Space>
      </Card>
    </div>
  );
}
