import { FileExcelOutlined, TagsOutlined, TeamOutlined } from '@ant-design/icons';
import { CAMPAIGN_MESSAGES } from '@crm/shared';
import { Button } from 'antd';
import { StepActions } from '../StepActions';
import type { StepProps } from './stepProps';

/** 01 §2.7 type: the audience; Excel and Audiencia are not offered yet, Etiqueta(s) goes to the tags. */
export function TypeStep({ update, goBack, goNext }: StepProps) {
  return (
    <>
      <div className="cmp-type-options">
        <Button className="cmp-type-option" icon={<FileExcelOutlined />} disabled>
          {CAMPAIGN_MESSAGES.audienceExcel}
        </Button>
        <Button className="cmp-type-option" icon={<TeamOutlined />} disabled>
          {CAMPAIGN_MESSAGES.audienceAudience}
        </Button>
        <Button
          className="cmp-type-option"
          type="primary"
          ghost
          icon={<TagsOutlined />}
          onClick={() => {
            update({ type: 'TAG' });
            goNext();
          }}
        >
          {CAMPAIGN_MESSAGES.audienceTags}
        </Button>
      </div>
      <StepActions onBack={goBack} />
    </>
  );
}
