import {
  BOARD_LIMITS,
  BOARD_MESSAGES,
  type BoardColumn,
  type BoardFollowUp,
  type TemplateView,
} from '@crm/shared';
import { Form, Input, InputNumber, Modal, Select, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { handleError } from '../../../lib/errors';
import { useSession } from '../../session/hooks/useSession';
import { listTemplates } from '../../templates/api/templates.rest';
import type { ColumnInput } from '../api/boards.rest';
import { BOARD_TEXTS } from '../boardTexts';

type DelayUnit = 'minutes' | 'hours';

interface ColumnValues {
  name: string;
  description?: string;
  hasFollowUp: boolean;
  followUpText?: string;
  delay?: number | null;
  unit: DelayUnit;
  templateId?: number | null;
}

const nameRules = [
  { required: true, whitespace: true, message: BOARD_MESSAGES.nameRequired },
  { max: BOARD_LIMITS.nameMax, message: BOARD_MESSAGES.nameTooLong },
];

function initialValues(column: BoardColumn | null): ColumnValues {
  const followUp = column?.followUpMessage ?? null;
  // A delay in whole hours reads better in hours.
  const inHours = followUp !== null && followUp.delayMinutes > 0 && followUp.delayMinutes % 60 === 0;
  return {
    name: column?.name ?? '',
    description: column?.description ?? '',
    hasFollowUp: followUp !== null,
    followUpText: followUp?.text ?? '',
    delay: followUp ? (inHours ? followUp.delayMinutes / 60 : followUp.delayMinutes) : 60,
    unit: inHours ? 'hours' : 'minutes',
    templateId: followUp?.templateId ?? null,
  };
}

/**
 * The approved WhatsApp templates a column's follow-up may fall back on when the contact's 24-hour window is
 * closed. Reading them needs the templates permission: without it the choice is simply not offered.
 */
function useApprovedTemplates(enabled: boolean): TemplateView[] {
  const { me } = useSession();
  const [templates, setTemplates] = useState<TemplateView[]>([]);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    listTemplates(me.company.id, controller.signal)
      .then((list) => setTemplates(list.filter((template) => template.status === 'accepted')))
      .catch(() => setTemplates([]));
    return () => controller.abort();
  }, [enabled, me.company.id]);
  return templates;
}

/** A column's name, description and follow-up message (text, delay and the template used outside the window). */
export function ColumnModal({
  open,
  column,
  onClose,
  onSubmit,
}: {
  open: boolean;
  /** The column edited; null adds one. */
  column: BoardColumn | null;
  onClose: () => void;
  onSubmit: (input: ColumnInput) => Promise<void>;
}) {
  const [form] = Form.useForm<ColumnValues>();
  const [saving, setSaving] = useState(false);
  const hasFollowUp = Form.useWatch('hasFollowUp', form) ?? false;
  const templates = useApprovedTemplates(open && hasFollowUp);

  useEffect(() => {
    if (open) form.setFieldsValue(initialValues(column));
  }, [open, column, form]);

  const submit = async (values: ColumnValues) => {
    let followUpMessage: BoardFollowUp | null = null;
    if (values.hasFollowUp) {
      const delayMinutes = Math.round((values.delay ?? 0) * (values.unit === 'hours' ? 60 : 1));
      followUpMessage = {
        text: (values.followUpText ?? '').trim(),
        delayMinutes,
        templateId: values.templateId ?? null,
      };
    }
    setSaving(true);
    try {
      await onSubmit({
        ...(column ? { id: column.id } : {}),
        name: values.name.trim(),
        description: values.description?.trim() || null,
        followUpMessage,
      });
    } catch (error) {
      handleError(error);
    } finally {
      setSaving(false);
    }
  };

  const delayRule = {
    validator: (_: unknown, value: number | null | undefined) => {
      const unit = form.getFieldValue('unit') as DelayUnit;
      const minutes = (value ?? 0) * (unit === 'hours' ? 60 : 1);
      return minutes >= 1 && minutes <= BOARD_LIMITS.followUpDelayMaxMinutes
        ? Promise.resolve()
        : Promise.reject(new Error(BOARD_MESSAGES.invalidFollowUp));
    },
  };

  return (
    <Modal
      open={open}
      title={column ? BOARD_TEXTS.editColumn : BOARD_TEXTS.newColumn}
      okText={BOARD_TEXTS.save}
      cancelText={BOARD_TEXTS.cancel}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item name="name" label={BOARD_TEXTS.name} rules={nameRules}>
          <Input maxLength={BOARD_LIMITS.nameMax} />
        </Form.Item>
        <Form.Item
          name="description"
          label={BOARD_TEXTS.description}
          rules={[{ max: BOARD_LIMITS.descriptionMax, message: BOARD_MESSAGES.descriptionTooLong }]}
        >
          <Input.TextArea maxLength={BOARD_LIMITS.descriptionMax} rows={2} />
        </Form.Item>
        <Form.Item name="hasFollowUp" label={BOARD_TEXTS.followUp} valuePropName="checked">
          <Switch aria-label={BOARD_TEXTS.followUp} />
        </Form.Item>
        {hasFollowUp && (
          <>
            <Form.Item
              name="followUpText"
              label={BOARD_TEXTS.followUpText}
              rules={[
                { required: true, whitespace: true, message: BOARD_MESSAGES.invalidFollowUp },
                { max: BOARD_LIMITS.followUpTextMax, message: BOARD_MESSAGES.invalidFollowUp },
              ]}
            >
              <Input.TextArea maxLength={BOARD_LIMITS.followUpTextMax} rows={2} />
            </Form.Item>
            <Form.Item label={BOARD_TEXTS.followUpDelay} required>
              <Space.Compact>
                <Form.Item name="delay" noStyle rules={[delayRule]} dependencies={['unit']}>
                  <InputNumber<number> min={1} precision={0} aria-label={BOARD_TEXTS.followUpDelay} />
                </Form.Item>
                <Form.Item name="unit" noStyle>
                  <Select
                    style={{ width: 120 }}
                    options={[
                      { value: 'minutes', label: BOARD_TEXTS.minutes },
                      { value: 'hours', label: BOARD_TEXTS.hours },
                    ]}
                  />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
            <Form.Item
              name="templateId"
              label={BOARD_TEXTS.followUpTemplate}
              extra={BOARD_TEXTS.followUpTemplateHelp}
            >
              <Select<number | null>
                allowClear
                aria-label={BOARD_TEXTS.followUpTemplate}
                placeholder={BOARD_TEXTS.noTemplate}
                options={templates.map((template) => ({
                  value: template.id,
                  label: template.channel ? `${template.name} · ${template.channel.name}` : template.name,
                }))}
              />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
