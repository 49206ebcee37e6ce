import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import { Button, Card, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { handleError } from '../../../lib/errors';
import { InstructionSteps } from '../../help/components/InstructionSteps';
import { INSTRUCTION_VIDEOS } from '../../help/helpContent';
import { setOldPhone } from '../api/linking.rest';
import { INSTRUCTION_VIDEOS_PATH } from '../instructions';

type Choice = 'new' | 'same';
const SAME_NUMBER_VIDEO = INSTRUCTION_VIDEOS.find((video) => video.key === 'same-number');

/** /phone-selection (01 §2.4): a new number or the one already on WhatsApp; Next records it and goes to linking. */
export function PhoneSelection() {
  const navigate = useNavigate();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [saving, setSaving] = useState(false);

  const next = async () => {
    if (!choice) return;
    setSaving(true);
    try {
      await setOldPhone(choice === 'new');
      navigate('/link-whatsapp');
    } catch (error) {
      // A company older than onboarding has no record to store the choice in; linking goes on without it.
      if (ApiError.is(error) && error.status === 404) navigate('/link-whatsapp');
      else handleError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="page linking-page">
      <Typography.Title level={3}>¿Qué número quieres usar?</Typography.Title>
      <Card>
        <Radio.Group
          value={choice}
          onChange={(event) => setChoice(event.target.value as Choice)}
          className="phone-choice"
        >
          <Space orientation="vertical">
            <Radio value="new">Usar un número nuevo</Radio>
            <Radio value="same">Usar el mismo número</Radio>
          </Space>
        </Radio.Group>
        {choice === 'same' && SAME_NUMBER_VIDEO ? (
          <div className="phone-choice-video">
            <Typography.Paragraph type="secondary">
              Antes de vincular el número que ya usas en WhatsApp sigue estas instrucciones.{' '}
              <Link to={INSTRUCTION_VIDEOS_PATH}>Ver todas las instrucciones</Link>
            </Typography.Paragraph>
            <InstructionSteps video={SAME_NUMBER_VIDEO} />
          </div>
        ) : null}
        <Space className="linking-actions">
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
            Regresar
          </Button>
          <Button
            type="primary"
            icon={<ArrowRightOutlined />}
            iconPlacement="end"
            disabled={!choice}
            loading={saving}
            onClick={() => void next()}
          >
            Siguiente
          </Button>
        </Space>
      </Card>
    </div>
  );
}
