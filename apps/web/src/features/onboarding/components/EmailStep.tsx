import { MailOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { useStepSave } from '../hooks/useStepSave';
import { StepActions } from './StepActions';
import type { StepProps } from './stepTypes';

const NO_FIELDS = {} as const;

// The e-mail was asked first (the record and the code need it) and is verified by now, so it is shown, not changed:
// the account is registered with the verified address.
export function EmailStep({ record, advance, back }: StepProps) {
  const { submitting, error, run } = useStepSave(null, NO_FIELDS);
  return (
    <Form layout="vertical" size="large" onFinish={() => run(() => advance({}))}>
      <Form.Item label="Correo" extra="Verificado con el código que te enviamos.">
        <Input prefix={<MailOutlined />} value={record.email} readOnly data-testid="verified-email" />
      </Form.Item>
      <StepActions onBack={back} submitting={submitting} error={error} />
    </Form>
  );
}
