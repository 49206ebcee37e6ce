import { CAMPAIGN_MESSAGES, TAG_COLORS, TAG_NAME_MAX, tagNameError } from '@crm/shared';
import { Form, Input, Radio, Typography } from 'antd';
import { toast } from '../../../../lib/toast';
import { StepActions } from '../StepActions';
import type { StepProps } from './stepProps';

/**
 * 01 §2.7 createTag: whether the campaign's contacts get a new tag; if so, its name and one of the palette's
 * colours (the first by default). An empty name is refused with TAG_NAME_EMPTY as a toast (01 §5).
 */
export function CreateTagStep({ draft, update, goBack, goNext }: StepProps) {
  const { shouldCreateTag, tagToCreate } = draft;

  const proceed = () => {
    if (shouldCreateTag) {
      const problem = tagNameError(tagToCreate.name);
      if (problem) {
        toast.error(problem);
        return;
      }
    }
    goNext();
  };

  return (
    <>
      <Typography.Paragraph>{CAMPAIGN_MESSAGES.createTagQuestion}</Typography.Paragraph>
      <Radio.Group
        value={shouldCreateTag === null ? undefined : shouldCreateTag}
        onChange={(event) => update({ shouldCreateTag: event.target.value === true })}
        className="cmp-create-tag-choice"
        name="campaign-create-tag"
      >
        <Radio value={true}>{CAMPAIGN_MESSAGES.createTagYes}</Radio>
        <Radio value={false}>{CAMPAIGN_MESSAGES.createTagNo}</Radio>
      </Radio.Group>
      {shouldCreateTag ? (
        <Form layout="vertical" component="div" className="cmp-create-tag-form">
          <Form.Item label={CAMPAIGN_MESSAGES.tagName} htmlFor="campaign-tag-name">
            <Input
              id="campaign-tag-name"
              maxLength={TAG_NAME_MAX}
              value={tagToCreate.name}
              placeholder="Campaña de marzo"
              onChange={(event) => update({ tagToCreate: { ...tagToCreate, name: event.target.value } })}
            />
          </Form.Item>
          <Form.Item label={CAMPAIGN_MESSAGES.tagColor}>
            <Radio.Group
              value={tagToCreate.color}
              onChange={(event) =>
                update({ tagToCreate: { ...tagToCreate, color: String(event.target.value) } })
              }
              name="campaign-tag-color"
              data-testid="campaign-tag-colors"
            >
              {TAG_COLORS.map((color) => (
                <Radio key={color} value={color} aria-label={`Color ${color}`}>
                  <span className="cmp-swatch" style={{ background: color }} />
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
        </Form>
      ) : null}
      <StepActions onBack={goBack} onContinue={proceed} continueDisabled={shouldCreateTag === null} />
    </>
  );
}
