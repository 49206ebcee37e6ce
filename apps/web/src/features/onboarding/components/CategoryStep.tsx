import {
  BUSINESS_CATEGORIES,
  BUSINESS_CATEGORY_LABELS,
  type BusinessCategory,
  VALIDATION_MESSAGES,
} from '@crm/shared';
import { Form, Select } from 'antd';
import { useStepSave } from '../hooks/useStepSave';
import { StepActions } from './StepActions';
import type { StepProps } from './stepTypes';

interface CategoryValues {
  businessCategory?: BusinessCategory;
}

const SERVER_FIELDS = { businessCategory: 'businessCategory' } as const;

const OPTIONS = BUSINESS_CATEGORIES.map((value) => ({ value, label: BUSINESS_CATEGORY_LABELS[value] }));

const isCategory = (value: string | null): value is BusinessCategory =>
  (BUSINESS_CATEGORIES as readonly (string | null)[]).includes(value);

// 01 §2.4 businessCategory: one of the 15, shown in Spanish.
export function CategoryStep({ record, advance, back }: StepProps) {
  const [form] = Form.useForm<CategoryValues>();
  const { submitting, error, run } = useStepSave(form, SERVER_FIELDS);
  return (
    <Form<CategoryValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      size="large"
      disabled={submitting}
      initialValues={{
        businessCategory: isCategory(record.businessCategory) ? record.businessCategory : undefined,
      }}
      onFinish={(values) => run(() => advance({ businessCategory: values.businessCategory }))}
    >
      <Form.Item
        label="Categoría"
        name="businessCategory"
        rules={[{ required: true, message: VALIDATION_MESSAGES.selectOption }]}
      >
        {/* Fifteen options: all rendered at once, no virtual list needed. */}
        <Select
          aria-label="Categoría"
          placeholder="Selecciona una categoría"
          options={OPTIONS}
          virtual={false}
        />
      </Form.Item>
      <StepActions onBack={back} submitting={submitting} error={error} />
    </Form>
  );
}
