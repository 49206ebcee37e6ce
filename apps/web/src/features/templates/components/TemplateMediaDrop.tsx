import {
  CONTENT_SNIFF_BYTES,
  formatFileSize,
  resolveContentType,
  TEMPLATE_HEADER_ACCEPT,
  validateTemplateMedia,
} from '@crm/shared';
import { Alert, Button, Progress } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { resolveError } from '../../../lib/errors';
import { DropTarget } from '../../multimedia/components/DropTarget';
import { acceptAttribute } from '../../multimedia/dropZoneKinds';
import { uploadTemplateMedia } from '../api/templates.rest';
import type { DraftMediaHeader } from '../templateDraft';
import '../../multimedia/multimedia.css';

type MediaHeaderType = DraftMediaHeader['type'];

/** 01 §2.9: the drop zone is labelled per type; 02 §5: template media takes images and mp4, or pdf. */
const COPY: Readonly<Record<MediaHeaderType, { title: string; hint: string; ariaLabel: string }>> = {
  imagen: {
    title: 'Arrastra la imagen del encabezado aquí o haz clic para elegirla',
    hint: 'Imagen JPG o PNG, o video MP4. Un solo archivo.',
    ariaLabel: 'Elegir la imagen del encabezado',
  },
  doc: {
    title: 'Arrastra el documento del encabezado aquí o haz clic para elegirlo',
    hint: 'Documento PDF. Un solo archivo.',
    ariaLabel: 'Elegir el documento del encabezado',
  },
};

function typeLabel(mimeType: string): string {
  if (mimeType.startsWith('image/')) return 'Imagen';
  if (mimeType.startsWith('video/')) return 'Video';
  return 'Documento';
}

interface TemplateMediaDropProps {
  type: MediaHeaderType;
  channelId: number;
  value: DraftMediaHeader | null;
  onChange: (header: DraftMediaHeader | null) => void;
}

/**
 * The header's file: checked as it is picked (type from its bytes, as the API checks it), uploaded at once with its
 * progress, then shown with its name, type, size and 'Eliminar'.
 */
export function TemplateMediaDrop({ type, channelId, value, onChange }: TemplateMediaDropProps) {
  const copy = COPY[type];
  const accept = TEMPLATE_HEADER_ACCEPT[type];
  const input = useRef<HTMLInputElement>(null);
  const upload = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => upload.current?.abort(), []);

  const pick = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    const head = new Uint8Array(await file.slice(0, CONTENT_SNIFF_BYTES).arrayBuffer());
    const resolved = resolveContentType(file.name, head, file.size, accept);
    if (!resolved.ok) {
      setError(resolved.error);
      return;
    }
    const mimeType = resolved.rule.mimeType;
    const refused = validateTemplateMedia({ name: file.name, type: mimeType, size: file.size }, type);
    if (refused) {
      setError(refused);
      return;
    }
    setError(null);
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    setProgress({ name: file.name, percent: 0 });
    try {
      const stored = await uploadTemplateMedia(
        channelId,
        type,
        file,
        (percent) => setProgress({ name: file.name, percent }),
        controller.signal,
      );
      onChange({
        type,
        url: stored.url,
        mimeType: stored.mimeType || mimeType,
        fileName: stored.fileName || file.name,
        size: stored.size || file.size,
      });
    } catch (cause) {
      if (!controller.signal.aborted) setError(resolveError(cause).userMessage);
    } finally {
      if (upload.current === controller) setProgress(null);
    }
  };

  return (
    <div className="media-drop">
      {value ? (
        <div className="tpl-media-file" data-testid="template-media-file">
          <span className="tpl-media-name">{value.fileName}</span>
          <span className="tpl-media-type">{typeLabel(value.mimeType)}</span>
          <span className="tpl-media-size">{formatFileSize(value.size)}</span>
          <Button type="link" danger size="small" onClick={() => onChange(null)}>
            Eliminar
          </Button>
        </div>
      ) : (
        <>
          <DropTarget
            copy={copy}
            testId="template-media-drop"
            disabled={progress !== null}
            onOpen={() => input.current?.click()}
            onFiles={(files) => void pick(files)}
          />
          <input
            ref={input}
            type="file"
            hidden
            accept={acceptAttribute(accept)}
            data-testid="template-media-input"
            onChange={(event) => {
              void pick([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
        </>
      )}
      {progress ? (
        <Progress
          percent={progress.percent}
          size="small"
          aria-label={`Subiendo ${progress.name}`}
          data-testid="template-media-progress"
        />
      ) : null}
      {error ? <Alert type="error" showIcon title={error} className="media-drop-error" /> : null}
    </div>
  );
}
