import { ShopOutlined } from '@ant-design/icons';
import { validateCompanyName } from '@crm/shared';
import { Form, Input } from 'antd';
import { ruleFrom } from '../../../lib/form-rules';
import { useStepSave } from '../hooks/useStepSave';
import { StepActions } from './StepActions';
import type { StepProps } from './stepTypes';

interface BusinessValues {
  businessName: string;
}

const SERVER_FIELDS = { businessName: 'businessName' } as const;

export function BusinessStep({ record, advance, back }: StepProps) {
  const [form] = Form.useForm<BusinessValues>();
  const { submitting, error, run } = useStepSave(form, SERVER_FIELDS);
  return (
    <Form<BusinessValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      size="large"
      disabled={submitting}
      initialValues={{ businessName: record.businessName ?? '' }}
      onFinish={(values) => run(() => advance({ businessName: values.businessName.trim() }))}
    >
      <Form.Item label="Nombre del negocio" name="businessName" rules={[ruleFrom(validateCompanyName)]}>
        <Input prefix={<ShopOutlined />} placeholder="Mi negocio" autoComplete="organization" autoFocus />
      </Form.Item>
      <StepActions onBack={back} submitting={submitting} error={error} />
    </Form>
  );
}
