import { TEMPLATE_CATEGORY_LABELS, TEMPLATE_HEADER_LABELS } from '@crm/shared';
import { Alert, Descriptions, Space } from 'antd';
import type { TemplateChannel } from '../../api/templateChannels.graphql';
import { draftExamples } from '../../templateDraft';
import { TemplatePreview } from '../TemplatePreview';
import type { StepProps } from './stepProps';

/** 02 §2 'preview': the template as the customer will see it, and what is about to be sent for review. */
export function PreviewStep({
  draft,
  errors,
  channels,
}: StepProps & { channels: readonly TemplateChannel[] }) {
  const channel = channels.find((c) => c.id === draft.channelId);
  const problems = Object.values(errors).filter((message): message is string => Boolean(message));
  return (
    <div className="tpl-preview-step">
      <TemplatePreview text={draft.text} examples={draftExamples(draft)} header={draft.header} />
      <Space orientation="vertical" size="middle" className="tpl-preview-summary">
        <Descriptions
          column={1}
          size="small"
          bordered
          items={[
            { key: 'name', label: 'Nombre', children: draft.name },
            { key: 'channel', label: 'Canal', children: channel?.name ?? '—' },
            {
              key: 'category',
              label: 'Categoría',
              children: draft.category ? TEMPLATE_CATEGORY_LABELS[draft.category] : '—',
            },
            {
              key: 'type',
              label: 'Tipo',
              children: draft.type === 'CUSTOM_TEMPLATE' ? 'Personalizada' : 'Normal',
            },
            {
              key: 'header',
              label: 'Encabezado',
              children:
                draft.header.type === 'none' ? 'Sin encabezado' : TEMPLATE_HEADER_LABELS[draft.header.type],
            },
            { key: 'variables', label: 'Variables', children: String(draft.variables.length) },
          ]}
        />
        <Alert
          type="info"
          showIcon
          title="WhatsApp revisa la plantilla antes de que puedas usarla; verás su estado en la lista de plantillas."
        />
        {problems.map((problem) => (
          <Alert key={problem} type="error" showIcon title={problem} />
        ))}
      </Space>
    </div>
  );
}
