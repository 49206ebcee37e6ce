import { GlobalOutlined } from '@ant-design/icons';
import { ONBOARDING_MESSAGES, parseOnboardingData, VALIDATION_MESSAGES } from '@crm/shared';
import { Form, Input, Radio } from 'antd';
import { ruleFrom } from '../../../lib/form-rules';
import { useStepSave } from '../hooks/useStepSave';
import { StepActions } from './StepActions';
import type { StepProps } from './stepTypes';

interface WebsiteValues {
  hasWebsite: boolean;
  businessWeb?: string;
}

const SERVER_FIELDS = { hasWebsite: 'hasWebsite', businessWeb: 'businessWeb' } as const;

// The record's own rule for a website (the API checks it with the same function).
const websiteRule = ruleFrom((value) => {
  if (value.trim() === '') return VALIDATION_MESSAGES.required;
  const parsed = parseOnboardingData({ businessWeb: value });
  return parsed.ok ? null : parsed.error.message;
});

const hasWebsiteRule = {
  validator: (_rule: unknown, value: unknown) =>
    typeof value === 'boolean'
      ? Promise.resolve()
      : Promise.reject(new Error(ONBOARDING_MESSAGES.optionRequired)),
};

export function WebsiteStep({ record, advance, back }: StepProps) {
  const [form] = Form.useForm<WebsiteValues>();
  const hasWebsite = Form.useWatch('hasWebsite', form);
  const { submitting, error, run } = useStepSave(form, SERVER_FIELDS);

  const submit = (values: WebsiteValues) =>
    run(() =>
      advance({
        hasWebsite: values.hasWebsite,
        businessWeb: values.hasWebsite ? (values.businessWeb ?? '').trim() : null,
      }),
    );

  return (
    <Form<WebsiteValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      size="large"
      disabled={submitting}
      initialValues={{
        hasWebsite: record.hasWebsite ?? undefined,
        businessWeb: record.businessWeb ?? '',
      }}
      onFinish={submit}
    >
      <Form.Item label="¿Tiene sitio web?" name="hasWebsite" rules={[hasWebsiteRule]}>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          options={[
            { label: 'Sí', value: true },
            { label: 'No', value: false },
          ]}
        />
      </Form.Item>
      {hasWebsite === true ? (
        <Form.Item label="Sitio web" name="businessWeb" rules={[websiteRule]}>
          <Input prefix={<GlobalOutlined />} placeholder="https://minegocio.com" inputMode="url" />
        </Form.Item>
      ) : null}
      <StepActions onBack={back} submitting={submitting} error={error} />
    </Form>
  );
}
