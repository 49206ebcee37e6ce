import { CustomerServiceOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Input, Row, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { handleError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { PageHeader } from '../../layout/components/PageHeader';
import { requestSupport } from '../api/help.rest';
import { filterGuides, HELP_GUIDES, INSTRUCTION_VIDEOS, SUPPORT_EMAIL } from '../helpContent';
import '../help.css';
import { InstructionSteps } from './InstructionSteps';

export const SUPPORT_REQUESTED_MESSAGE =
  'Recibimos tu solicitud. En breve un experto se pondrá en contacto contigo.';

/**
 * /help (readCompany or writeCompany): a guide per main screen, searchable; the linking instructions the
 * onboarding pages point to (#videos); and a way to reach support.
 */
export function HelpCenter() {
  const [query, setQuery] = useState('');
  const [contacting, setContacting] = useState(false);
  const guides = useMemo(() => filterGuides(HELP_GUIDES, query), [query]);
  const { hash } = useLocation();

  // The QR and the e-mailed link open /help#videos: the router does not scroll to a hash by itself.
  useEffect(() => {
    if (!hash) return;
    document.getElementById(hash.slice(1))?.scrollIntoView?.({ behavior: 'smooth' });
  }, [hash]);

  const contactSupport = async () => {
    setContacting(true);
    try {
      await requestSupport();
      toast.success(SUPPORT_REQUESTED_MESSAGE);
    } catch (error) {
      // No onboarding record to attach the request to (a company older than onboarding): write to support.
      if (ApiError.is(error) && error.status === 404) window.location.assign(`mailto:${SUPPORT_EMAIL}`);
      else handleError(error);
    } finally {
      setContacting(false);
    }
  };

  return (
    <div className="page help-page">
      <PageHeader
        title="Centro de ayuda"
        description="Guías para cada pantalla, instrucciones para vincular tu número y contacto con soporte."
        extra={
          <Button
            type="primary"
            icon={<CustomerServiceOutlined />}
            loading={contacting}
            onClick={() => void contactSupport()}
          >
            Contactar a soporte
          </Button>
        }
      />
      <Input
        allowClear
        size="large"
        prefix={<SearchOutlined />}
        placeholder="Buscar en las guías"
        aria-label="Buscar en las guías"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        className="help-search"
      />
      <section aria-label="Guías">
        {guides.length === 0 ? (
          <Empty description="No encontramos guías con esa búsqueda" />
        ) : (
          <Row gutter={[16, 16]}>
            {guides.map((guide) => (
              <Col xs={24} md={12} key={guide.key}>
                <Card
                  title={guide.title}
                  data-testid={`guide-${guide.key}`}
                  extra={<Link to={guide.path}>Ir a {guide.title}</Link>}
                  className="help-guide"
                >
                  <Typography.Paragraph type="secondary">{guide.summary}</Typography.Paragraph>
                  <ol className="help-steps">
                    {guide.steps.map((step) => (
                      <li key={step}>{step}</li>
                    ))}
                  </ol>
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </section>
      <section id="videos" className="help-videos">
        <Typography.Title level={4}>Instrucciones para vincular tu número de WhatsApp</Typography.Title>
        <Space orientation="vertical" size="middle" className="help-videos-list">
          {INSTRUCTION_VIDEOS.map((video) => (
            <InstructionSteps key={video.key} video={video} />
          ))}
        </Space>
      </section>
    </div>
  );
}
