import { EMPTY_PHONE, fullPhone, type PhoneValue, splitPhone, validatePhoneValue } from '@crm/shared';
import { Form } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { PhoneField } from '../../contacts/components/PhoneField';
import { useStepSave } from '../hooks/useStepSave';
import { StepActions } from './StepActions';
import type { StepProps } from './stepTypes';

interface PhoneValues {
  phone: PhoneValue;
}

const phoneRule: RuleObject = {
  validator: (_rule, value: PhoneValue | undefined) => {
    const problem = validatePhoneValue(value);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
};

const SERVER_FIELDS = { phone: 'phone', country: 'phone' } as const;

// 01 §2.4 phone: the international field (default Mexico, the preferred countries first, Latin America and Spain),
// the same one the contact forms use. The record keeps the whole number and the country.
export function PhoneStep({ record, advance, back }: StepProps) {
  const [form] = Form.useForm<PhoneValues>();
  const { submitting, error, run } = useStepSave(form, SERVER_FIELDS);

  const submit = ({ phone }: PhoneValues) =>
    run(() => advance({ phone: fullPhone(phone), country: phone.country.toUpperCase() }));

  return (
    <Form<PhoneValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      size="large"
      disabled={submitting}
      initialValues={{ phone: splitPhone(record.phone) ?? EMPTY_PHONE }}
      onFinish={submit}
    >
      <Form.Item label="Teléfono" name="phone" rules={[phoneRule]}>
        <PhoneField />
      </Form.Item>
      <StepActions onBack={back} submitting={submitting} error={error} />
    </Form>
  );
}
