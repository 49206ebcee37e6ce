import { channelPlatformLabel } from '@crm/shared';
import { Alert, Form, Radio, Select, Space, Typography } from 'antd';
import type { TemplateChannel } from '../../api/templateChannels.graphql';
import type { StepProps } from './stepProps';

interface InitStepProps extends StepProps {
  channels: readonly TemplateChannel[];
  loadingChannels: boolean;
}

/** 02 §2 'init': which channel the template is for, and how the user wants to start. */
export function InitStep({ draft, update, errors, channels, loadingChannels }: InitStepProps) {
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary" className="tpl-intro">
        Las plantillas son los mensajes aprobados por WhatsApp con los que tu empresa puede escribir primero a
        un cliente, o volver a escribirle cuando pasaron más de 24 horas desde su último mensaje. WhatsApp
        revisa cada plantilla antes de que puedas usarla.
      </Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item
          label="Canal"
          required
          validateStatus={errors.channelId ? 'error' : undefined}
          help={errors.channelId}
        >
          <Select
            aria-label="Canal"
            placeholder="Selecciona un canal"
            loading={loadingChannels}
            value={draft.channelId ?? undefined}
            onChange={(channelId: number) =>
              // The header file was uploaded for the previous channel's account.
              update((current) => ({
                ...current,
                channelId,
                header: current.header.type === 'text' ? current.header : { type: 'none' },
              }))
            }
            options={channels.map((channel) => ({
              value: channel.id,
              label: `${channel.name} · ${channelPlatformLabel(channel.platform)}`,
            }))}
            notFoundContent="No hay canales de WhatsApp"
            data-testid="template-channel"
          />
        </Form.Item>
        <Form.Item
          label="¿Cómo quieres empezar?"
          required
          validateStatus={errors.type ? 'error' : undefined}
          help={errors.type}
        >
          <Radio.Group
            value={draft.type ?? undefined}
            onChange={(event) => update({ type: event.target.value })}
            className="tpl-choice-group"
          >
            <Radio value="NORMAL_TEMPLATE" className="tpl-choice">
              <strong>Escribir mi mensaje y detectar las variables</strong>
              <span className="tpl-choice-hint">
                Escribe el mensaje como se lo enviarías a un cliente; te proponemos qué partes cambian de un
                cliente a otro (nombres, fechas, montos, códigos…).
              </span>
            </Radio>
            <Radio value="CUSTOM_TEMPLATE" className="tpl-choice">
              <strong>Crear una plantilla personalizada</strong>
              <span className="tpl-choice-hint">
                Escribe el mensaje y marca tú mismo las variables {'{{1}}'}, {'{{2}}'}… con un ejemplo de cada
                una.
              </span>
            </Radio>
          </Radio.Group>
        </Form.Item>
      </Form>
      {!loadingChannels && channels.length === 0 ? (
        <Alert
          type="warning"
          showIcon
          title="Tu empresa no tiene canales de WhatsApp. Vincula uno en Canales para crear plantillas."
        />
      ) : null}
    </Space>
  );
}
