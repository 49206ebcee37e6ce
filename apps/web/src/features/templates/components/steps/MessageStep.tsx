import { validateTemplateMessage } from '@crm/shared';
import { Form, type FormInstance, Input, Space, Typography } from 'antd';
import { ruleFrom } from '../../../../lib/form-rules';
import { customVariables, nextVariableNumber, withBody } from '../../templateDraft';
import { MessageEditor } from '../MessageEditor';
import type { StepProps } from './stepProps';

export interface MessageForm {
  originalText?: string;
  text?: string;
}

const NORMAL_PLACEHOLDER =
  'Hola María, tu pedido A12345 llega el 15 de marzo entre 9:00 y 14:00. Gracias por tu compra.';
const CUSTOM_PLACEHOLDER = 'Hola {{1}}, tu pedido {{2}} llega el {{3}}. Gracias por tu compra.';

/**
 * 02 §2 'new' (the message as the customer would read it; its variables are proposed next) and 'new custom' (the
 * message with the user's own {{n}} variables and an example for each).
 */
export function MessageStep({
  draft,
  update,
  errors,
  form,
  custom,
}: StepProps & { form: FormInstance<MessageForm>; custom: boolean }) {
  const field = custom ? 'text' : 'originalText';
  const setText = (text: string) =>
    update((current) =>
      custom
        ? withBody(
            { ...current, originalText: text },
            { text, variables: customVariables(text, current.variables) },
          )
        : { ...current, originalText: text },
    );
  const setExample = (index: number, example: string) =>
    update((current) =>
      withBody(current, {
        text: current.text,
        variables: current.variables.map((variable) =>
          variable.index === index ? { ...variable, example } : variable,
        ),
      }),
    );

  return (
    <Form<MessageForm>
      form={form}
      layout="vertical"
      initialValues={{ [field]: custom ? draft.text : draft.originalText }}
      onValuesChange={(changed: MessageForm) => {
        const text = changed[field];
        if (text !== undefined) setText(text);
      }}
    >
      <Typography.Paragraph type="secondary">
        {custom
          ? 'Escribe el mensaje y agrega una variable donde irá un dato distinto para cada cliente. Puedes dar formato con *negrita*, _cursiva_, ~tachado~ y ```monoespaciado```.'
          : 'Escribe el mensaje completo, con datos de ejemplo donde irá un dato distinto para cada cliente. Puedes dar formato con *negrita*, _cursiva_, ~tachado~ y ```monoespaciado```.'}
      </Typography.Paragraph>
      <Form.Item
        name={field}
        label="Mensaje"
        required
        rules={[ruleFrom(validateTemplateMessage)]}
        validateStatus={errors.text ? 'error' : undefined}
        help={errors.text}
      >
        <MessageEditor
          placeholder={custom ? CUSTOM_PLACEHOLDER : NORMAL_PLACEHOLDER}
          nextVariable={custom ? nextVariableNumber(draft.text) : undefined}
        />
      </Form.Item>
      {custom && draft.variables.length > 0 ? (
        <Form.Item
          label="Ejemplos de las variables"
          validateStatus={errors.variables ? 'error' : undefined}
          help={errors.variables ?? 'WhatsApp pide un ejemplo de cada variable para revisar la plantilla.'}
        >
          <Space orientation="vertical" style={{ width: '100%' }}>
            {draft.variables.map((variable) => (
              <Input
                key={variable.index}
                prefix={`{{${variable.index}}}`}
                aria-label={`Ejemplo de la variable ${variable.index}`}
                value={variable.example}
                onChange={(event) => setExample(variable.index, event.target.value)}
              />
            ))}
          </Space>
        </Form.Item>
      ) : custom && errors.variables ? (
        <Typography.Text type="danger">{errors.variables}</Typography.Text>
      ) : null}
    </Form>
  );
}
