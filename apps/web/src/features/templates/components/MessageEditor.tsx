import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  PlusOutlined,
  StrikethroughOutlined,
} from '@ant-design/icons';
import { TEMPLATE_TEXT_MAX } from '@crm/shared';
import { Button, Input, Space, Tooltip } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef } from 'react';

const MARKS = [
  { label: 'Negrita', mark: '*', icon: <BoldOutlined /> },
  { label: 'Cursiva', mark: '_', icon: <ItalicOutlined /> },
  { label: 'Tachado', mark: '~', icon: <StrikethroughOutlined /> },
  { label: 'Monoespaciado', mark: '```', icon: <CodeOutlined /> },
] as const;

interface MessageEditorProps {
  /** Given by the form item that holds the editor. */
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  /** Custom templates: a button that writes the next {{n}} where the cursor is. */
  nextVariable?: number;
}

/** The template's message with WhatsApp's formatting marks (*bold*, _italic_, ~strike~, ```mono```) a click away. */
export function MessageEditor({ value = '', onChange, placeholder, nextVariable }: MessageEditorProps) {
  const ref = useRef<TextAreaRef>(null);

  const replaceSelection = (make: (selected: string) => string, caretInside: number | null) => {
    const element = ref.current?.resizableTextArea?.textArea;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const inserted = make(value.slice(start, end));
    onChange?.(`${value.slice(0, start)}${inserted}${value.slice(end)}`);
    requestAnimationFrame(() => {
      element?.focus();
      const caret = caretInside === null ? start + inserted.length : start + caretInside;
      element?.setSelectionRange(caret, caret);
    });
  };

  const wrap = (mark: string) => {
    const element = ref.current?.resizableTextArea?.textArea;
    const empty = (element?.selectionStart ?? 0) === (element?.selectionEnd ?? 0);
    // With nothing selected the marks go in pairs and the cursor lands between them, ready to type.
    replaceSelection((selected) => `${mark}${selected}${mark}`, empty ? mark.length : null);
  };

  return (
    <Space orientation="vertical" size={6} style={{ width: '100%' }}>
      <Space wrap size={4} className="tpl-editor-tools">
        {MARKS.map(({ label, mark, icon }) => (
          <Tooltip key={label} title={label}>
            <Button size="small" icon={icon} aria-label={label} onClick={() => wrap(mark)} />
          </Tooltip>
        ))}
        {nextVariable !== undefined ? (
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() => replaceSelection(() => `{{${nextVariable}}}`, null)}
          >
            Agregar variable
          </Button>
        ) : null}
      </Space>
      <Input.TextArea
        ref={ref}
        aria-label="Mensaje"
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        rows={6}
        // Counted, not cut: a longer text shows the 1024-character rule instead of losing what was pasted.
        count={{ show: true, max: TEMPLATE_TEXT_MAX }}
        placeholder={placeholder}
      />
    </Space>
  );
}
