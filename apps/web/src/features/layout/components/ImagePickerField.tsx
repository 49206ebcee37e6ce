import { formatFileSize } from '@crm/shared';
import { Avatar, Button, Form, Space, Typography } from 'antd';
import { type ReactNode, useRef } from 'react';
import type { ImagePick } from '../hooks/useImagePick';

interface ImagePickerFieldProps {
  label: string;
  pick: ImagePick;
  /** The saved image's URL, unless the user asked to remove it. */
  savedUrl: string | null;
  onRemoveSaved: () => void;
  shape: 'square' | 'circle';
  icon: ReactNode;
  noun: 'imagen' | 'foto';
  inputTestId: string;
}

const ACCEPT = '.jpg,.jpeg,.png';

/** The image row of a form: preview, a button that opens the file picker, and the ways to undo. */
export function ImagePickerField({
  label,
  pick,
  savedUrl,
  onRemoveSaved,
  shape,
  icon,
  noun,
  inputTestId,
}: ImagePickerFieldProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const shown = pick.preview ?? savedUrl;
  return (
    <Form.Item label={label} validateStatus={pick.error ? 'error' : undefined} help={pick.error}>
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPT}
        // Not `hidden`: the form item's layout styles would show the native control.
        style={{ display: 'none' }}
        data-testid={inputTestId}
        onChange={(event) => {
          void pick.pick(event.target.files);
          event.target.value = '';
        }}
      />
      <Space align="center">
        <Avatar shape={shape} size={56} src={shown || undefined} icon={icon} />
        <Button onClick={() => fileInput.current?.click()}>
          {shown ? `Cambiar ${noun}` : `Elegir ${noun}`}
        </Button>
        {pick.image ? (
          <>
            <Typography.Text type="secondary">
              {pick.image.name} · {formatFileSize(pick.image.size)}
            </Typography.Text>
            <Button type="link" danger onClick={pick.clear}>
              Eliminar
            </Button>
          </>
        ) : savedUrl ? (
          <Button type="link" danger onClick={onRemoveSaved}>
            Quitar {noun}
          </Button>
        ) : null}
      </Space>
    </Form.Item>
  );
}
