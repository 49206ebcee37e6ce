import { MailOutlined, UserOutlined } from '@ant-design/icons';
import { validateEmail, validateName, validateOnboardingName } from '@crm/shared';
import { Form, Input, Typography } from 'antd';
import { ruleFrom } from '../../../lib/form-rules';
import type { OnboardingRecord } from '../api/onboarding.rest';
import { useStepSave } from '../hooks/useStepSave';
import { StepActions } from './StepActions';
import type { StepProps } from './stepTypes';

interface NameValues {
  email: string;
  name: string;
}

interface NameStepProps {
  record: OnboardingRecord | null;
  /** No record yet: creates it with the e-mail (01 §7: the record is created by e-mail), then saves the name. */
  start: (email: string, name: string) => Promise<void>;
  advance: StepProps['advance'];
}

const SERVER_FIELDS = { email: 'email', name: 'name' } as const;

// 01 §5 refuses special characters with its own text ('No puede contener caracteres especiales'); what is left that
// is not a letter or a space (digits, dots, hyphens) gets the step's letters-and-spaces text (01 §2.4).
const nameRule = ruleFrom((value) => validateName(value) ?? validateOnboardingName(value));

// 01 §2.4 name: letters and spaces only. The e-mail is asked here first, as the record and the code step need it.
export function NameStep({ record, start, advance }: NameStepProps) {
  const [form] = Form.useForm<NameValues>();
  const { submitting, error, run } = useStepSave(form, SERVER_FIELDS);

  const submit = (values: NameValues) =>
    run(async () => {
      const name = values.name.trim();
      if (record) await advance({ name });
      else await start(values.email.trim(), name);
    });

  return (
    <Form<NameValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      size="large"
      disabled={submitting}
      initialValues={{ email: record?.email ?? '', name: record?.name ?? '' }}
      onFinish={submit}
    >
      {record ? (
        <Typography.Paragraph type="secondary" data-testid="onboarding-email">
          Correo: {record.email}
        </Typography.Paragraph>
      ) : (
        <Form.Item label="Correo" name="email" rules={[ruleFrom(validateEmail)]}>
          <Input
            type="email"
            prefix={<MailOutlined />}
            placeholder="nombre@empresa.com"
            autoComplete="email"
            autoFocus
          />
        </Form.Item>
      )}
      <Form.Item label="Nombre" name="name" rules={[nameRule]}>
        <Input prefix={<UserOutlined />} placeholder="Tu nombre" autoComplete="name" autoFocus={!!record} />
      </Form.Item>
      <StepActions onBack={null} submitting={submitting} error={error} />
    </Form>
  );
}
