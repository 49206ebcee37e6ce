import { TEMPLATE_NAME_MAX, validateTemplateName } from '@crm/shared';
import { Form, type FormInstance, Input, Typography } from 'antd';
import { ruleFrom } from '../../../../lib/form-rules';
import type { StepProps } from './stepProps';

export interface NameForm {
  name: string;
}

/** 02 §2 'create': the template's name, as WhatsApp takes it (lowercase letters, digits and underscore). */
export function NameStep({ draft, update, errors, form }: StepProps & { form: FormInstance<NameForm> }) {
  return (
    <Form<NameForm>
      form={form}
      layout="vertical"
      initialValues={{ name: draft.name }}
      onValuesChange={(changed: Partial<NameForm>) => {
        if (changed.name !== undefined) update({ name: changed.name });
      }}
    >
      <Form.Item
        name="name"
        label="Nombre de la plantilla"
        required
        rules={[ruleFrom(validateTemplateName)]}
        // The server's refusal (a name already taken) until the name is changed.
        validateStatus={errors.name ? 'error' : undefined}
        help={errors.name}
        extra="Solo minúsculas, números y guion bajo. Ejemplo: confirmacion_pedido"
      >
        <Input maxLength={TEMPLATE_NAME_MAX} placeholder="confirmacion_pedido" autoComplete="off" />
      </Form.Item>
      <Typography.Text type="secondary">
        Tus clientes no ven el nombre: sirve para encontrar la plantilla al enviarla.
      </Typography.Text>
    </Form>
  );
}
