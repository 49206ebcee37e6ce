import { CAMPAIGN_MESSAGES, CAMPAIGN_NAME_MAX } from '@crm/shared';
import { Form, Input } from 'antd';
import { StepActions } from '../StepActions';
import type { StepProps } from './stepProps';

/** 01 §2.7 name: Continue stays disabled while the name is empty (01 §5). */
export function NameStep({ draft, update, goBack, goNext }: StepProps) {
  return (
    <>
      <Form layout="vertical" component="div" className="cmp-name-form">
        <Form.Item label={CAMPAIGN_MESSAGES.campaignName} htmlFor="campaign-name" required>
          <Input
            id="campaign-name"
            maxLength={CAMPAIGN_NAME_MAX}
            value={draft.name}
            placeholder="Promoción de temporada"
            onChange={(event) => update({ name: event.target.value })}
            onPressEnter={() => {
              if (draft.name.trim() !== '') goNext();
            }}
          />
        </Form.Item>
      </Form>
      <StepActions onBack={goBack} onContinue={goNext} continueDisabled={draft.name.trim() === ''} />
    </>
  );
}
