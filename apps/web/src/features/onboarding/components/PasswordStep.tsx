import { LockOutlined } from '@ant-design/icons';
import { validatePassword, validatePasswordConfirmation } from '@crm/shared';
import { Form, Input } from 'antd';
import { ruleFrom } from '../../../lib/form-rules';
import { useStepSave } from '../hooks/useStepSave';
import { StepActions } from './StepActions';
import type { StepProps } from './stepTypes';

interface PasswordValues {
  password: string;
  confirmation: string;
}

const SERVER_FIELDS = { password: 'password' } as const;

interface PasswordStepProps {
  back: StepProps['back'];
  /** Creates the account with this password (it is never stored in the sign-up record). */
  register: (password: string) => Promise<void>;
}

// 01 §5 password: required, at least 8 characters with a number, and the same confirmation.
export function PasswordStep({ back, register }: PasswordStepProps) {
  const [form] = Form.useForm<PasswordValues>();
  const { submitting, error, run } = useStepSave(form, SERVER_FIELDS);
  return (
    <Form<PasswordValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      size="large"
      disabled={submitting}
      onFinish={(values) => run(() => register(values.password))}
    >
      <Form.Item label="Contraseña" name="password" rules={[ruleFrom(validatePassword)]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" autoFocus />
      </Form.Item>
      <Form.Item
        label="Confirma tu contraseña"
        name="confirmation"
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) =>
            ruleFrom((value) => validatePasswordConfirmation(getFieldValue('password'), value)),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
      <StepActions onBack={back} submitting={submitting} error={error} submitLabel="Crear cuenta" />
    </Form>
  );
}
