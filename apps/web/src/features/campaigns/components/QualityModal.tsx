import { CAMPAIGN_MESSAGES } from '@crm/shared';
import { Button, Modal, Typography } from 'antd';

interface QualityModalProps {
  /** 'warn' for Media (the user may go on), 'block' for Baja (no campaign can go out). */
  gate: 'warn' | 'block' | null;
  onContinue: () => void;
  onClose: () => void;
}

/** 01 §2.7 / 02 §4: shown before the type step when the number's quality is Media (warns) or Baja (blocks). */
export function QualityModal({ gate, onContinue, onClose }: QualityModalProps) {
  const blocked = gate === 'block';
  return (
    <Modal
      open={gate !== null}
      title={CAMPAIGN_MESSAGES.qualityTitle}
      onCancel={onClose}
      destroyOnHidden
      footer={
        blocked
          ? [
              <Button key="ok" type="primary" onClick={onClose}>
                {CAMPAIGN_MESSAGES.dailyLimitAccept}
              </Button>,
            ]
          : [
              <Button key="back" onClick={onClose}>
                {CAMPAIGN_MESSAGES.back}
              </Button>,
              <Button key="go" type="primary" onClick={onContinue}>
                {CAMPAIGN_MESSAGES.continue}
              </Button>,
            ]
      }
    >
      <Typography.Paragraph data-testid="campaign-quality-message" data-gate={gate ?? ''}>
        {blocked ? CAMPAIGN_MESSAGES.qualityBlock : CAMPAIGN_MESSAGES.qualityWarn}
      </Typography.Paragraph>
    </Modal>
  );
}
