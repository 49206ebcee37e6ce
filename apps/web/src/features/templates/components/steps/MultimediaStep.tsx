import { TEMPLATE_HEADER_LABELS, TEMPLATE_HEADER_TEXT_MAX, type TemplateHeaderType } from '@crm/shared';
import { Form, Input, Radio } from 'antd';
import type { DraftHeader } from '../../templateDraft';
import { TemplateMediaDrop } from '../TemplateMediaDrop';
import type { StepProps } from './stepProps';

type HeaderChoice = 'none' | TemplateHeaderType;

const CHOICES: Array<{ value: HeaderChoice; label: string }> = [
  { value: 'none', label: 'Sin encabezado' },
  { value: 'text', label: TEMPLATE_HEADER_LABELS.text },
  { value: 'imagen', label: TEMPLATE_HEADER_LABELS.imagen },
  { value: 'doc', label: TEMPLATE_HEADER_LABELS.doc },
];

function emptyHeader(choice: HeaderChoice): DraftHeader | null {
  if (choice === 'none') return { type: 'none' };
  if (choice === 'text') return { type: 'text', text: '' };
  // A media header exists once its file is uploaded.
  return null;
}

/** 02 §2 'add multimedia': an optional header above the message: a title, an image (or video) or a document. */
export function MultimediaStep({ draft, update, errors }: StepProps) {
  const { header } = draft;
  // A media type chosen but not yet uploaded is kept as the choice alone.
  const choice: HeaderChoice = header.type;
  const setChoice = (next: HeaderChoice) => {
    if (next === choice) return;
    const empty = emptyHeader(next);
    update({
      header: empty ?? { type: next as 'imagen' | 'doc', url: '', mimeType: '', fileName: '', size: 0 },
    });
  };
  const media = header.type === 'imagen' || header.type === 'doc' ? header : null;

  return (
    <Form layout="vertical" component="div">
      <Form.Item label="Encabezado" extra="El encabezado es opcional y va arriba del mensaje.">
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          value={choice}
          options={CHOICES}
          onChange={(event) => setChoice(event.target.value)}
          aria-label="Tipo de encabezado"
        />
      </Form.Item>
      {header.type === 'text' ? (
        <Form.Item
          label="Texto del encabezado"
          validateStatus={errors.header ? 'error' : undefined}
          help={errors.header}
        >
          <Input
            aria-label="Texto del encabezado"
            value={header.text}
            count={{ show: true, max: TEMPLATE_HEADER_TEXT_MAX }}
            onChange={(event) => update({ header: { type: 'text', text: event.target.value } })}
          />
        </Form.Item>
      ) : null}
      {media && draft.channelId !== null ? (
        <Form.Item
          label={media.type === 'imagen' ? 'Imagen del encabezado' : 'Documento del encabezado'}
          validateStatus={errors.header ? 'error' : undefined}
          help={errors.header}
        >
          <TemplateMediaDrop
            key={media.type}
            type={media.type}
            channelId={draft.channelId}
            value={media.url ? media : null}
            onChange={(uploaded) =>
              update({
                header: uploaded ?? { type: media.type, url: '', mimeType: '', fileName: '', size: 0 },
              })
            }
          />
        </Form.Item>
      ) : null}
    </Form>
  );
}
