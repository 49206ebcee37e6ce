import { PaperClipOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import {
  CHAT_UPLOAD_MIME_TYPES,
  fillQuickAnswer,
  formatFileSize,
  QUICK_ANSWER_PLACEHOLDERS,
  QUICK_ANSWER_TEXT_MAX,
  quickAnswerShortcutError,
  validateQuickAnswerText,
} from '@crm/shared';
import { Alert, Button, Card, Form, Input, Skeleton, Space, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { handleError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { checkPickedFiles } from '../../../lib/uploadCheck';
import { PageHeader } from '../../layout/components/PageHeader';
import { useSession } from '../../session/hooks/useSession';
import { saveQuickAnswer } from '../api/quickAnswers.rest';
import {
  ADMIN_QUICK_ANSWER_QUERY,
  type QuickAnswerFileView,
  quickAnswerFile,
} from '../api/quickAnswersAdmin.graphql';
import { PLACEHOLDER_LABELS, QuickAnswerText } from './QuickAnswerText';
import '../quickAnswersAdmin.css';

interface FormValues {
  shortcut: string;
  text: string;
}

const FILE_ACCEPT = '.jpg,.jpeg,.png,.mp4,.3gp,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.csv,.txt,.zip,.rar,.7z';
const SAMPLE_LEAD = 'María López';

function withSlash(value: string): string {
  const trimmed = value.trim();
  return trimmed.startsWith('/') || trimmed === '' ? trimmed : `/${trimmed}`;
}

/** /quickAnswers/new, and /quickAnswers/new?id=N to edit: shortcut, text with placeholders, optional file. */
export function QuickAnswerForm({ id }: { id: number | null }) {
  const { me } = useSession();
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const textRef = useRef<TextAreaRef>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [savedFile, setSavedFile] = useState<QuickAnswerFileView | null>(null);
  const [removeFile, setRemoveFile] = useState(false);
  const [saving, setSaving] = useState(false);
  const text = Form.useWatch('text', form) ?? '';
  const editing = id !== null;
  const existing = useQuery(ADMIN_QUICK_ANSWER_QUERY, { variables: { id: id ?? 0 }, skip: !editing });

  useEffect(() => {
    const answer = existing.data?.quickAnswer;
    if (!answer) return;
    form.setFieldsValue({ shortcut: `/${answer.shortcut}`, text: answer.text });
    setSavedFile(quickAnswerFile(answer.file));
  }, [existing.data, form]);

  useEffect(() => {
    if (existing.error) handleError(existing.error);
  }, [existing.error]);

  const insertPlaceholder = (placeholder: string) => {
    const element = textRef.current?.resizableTextArea?.textArea;
    const current: string = form.getFieldValue('text') ?? '';
    const start = element?.selectionStart ?? current.length;
    const end = element?.selectionEnd ?? current.length;
    const next = `${current.slice(0, start)}${placeholder}${current.slice(end)}`;
    form.setFieldsValue({ text: next });
    void form.validateFields(['text']).catch(() => undefined);
    requestAnimationFrame(() => {
      element?.focus();
      const caret = start + placeholder.length;
      element?.setSelectionRange(caret, caret);
    });
  };

  const pickFile = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const result = await checkPickedFiles([...files], CHAT_UPLOAD_MIME_TYPES, 1);
    const picked = result.accepted[0];
    if (!picked) {
      setFileError(result.error ?? 'Tipo de archivo no permitido');
      return;
    }
    setFileError(null);
    setFile(picked.file);
    void form.validateFields(['text']).catch(() => undefined);
  };

  const hasFile = file !== null || (savedFile !== null && !removeFile);

  const submit = async (values: FormValues) => {
    setSaving(true);
    try {
      const draft = { shortcut: values.shortcut, text: values.text ?? '', file, removeFile };
      const saved = await saveQuickAnswer(editing ? { id } : { spaceId: me.selectedSpaceId }, draft);
      toast.success(
        editing
          ? `Respuesta rápida /${saved.shortcut} actualizada`
          : `Respuesta rápida /${saved.shortcut} creada`,
      );
      navigate('/quickAnswers');
    } catch (error) {
      const resolved = handleError(error);
      const field = ApiError.is(error) ? error.field : resolved.field;
      if (field === 'shortcut' || field === 'text')
        form.setFields([{ name: field, errors: [resolved.userMessage] }]);
      if (field === 'file') setFileError(resolved.userMessage);
    } finally {
      setSaving(false);
    }
  };

  const title = editing ? 'Editar respuesta rápida' : 'Nueva respuesta rápida';
  return (
    <div className="page">
      <PageHeader
        title={title}
        description="Los marcadores se reemplazan por el nombre del cliente y el tuyo al usar la respuesta en el chat."
      />
      <Card>
        {editing && existing.loading ? (
          <Skeleton active />
        ) : (
          <Form<FormValues>
            form={form}
            layout="vertical"
            className="qa-form"
            initialValues={{ shortcut: '/', text: '' }}
            onFinish={submit}
            requiredMark={false}
          >
            <Form.Item
              label="Atajo"
              name="shortcut"
              extra="Empieza con / y usa letras, números o guion bajo, sin espacios. Ejemplo: /saludo"
              normalize={(value: string) => withSlash(value ?? '')}
              rules={[
                {
                  validator: async (_, value: string) => {
                    const error = quickAnswerShortcutError(value === '/' ? '' : value);
                    if (error) throw new Error(error);
                  },
                },
              ]}
            >
              <Input placeholder="/saludo" maxLength={61} autoComplete="off" />
            </Form.Item>
            <Form.Item label="Texto" required>
              <div className="qa-placeholder-buttons">
                <Button
                  size="small"
                  icon={<UserOutlined />}
                  onClick={() => insertPlaceholder(QUICK_ANSWER_PLACEHOLDERS.leadName)}
                >
                  Insertar {PLACEHOLDER_LABELS[QUICK_ANSWER_PLACEHOLDERS.leadName]?.toLowerCase()}
                </Button>
                <Button
                  size="small"
                  icon={<UserOutlined />}
                  onClick={() => insertPlaceholder(QUICK_ANSWER_PLACEHOLDERS.agentName)}
                >
                  Insertar {PLACEHOLDER_LABELS[QUICK_ANSWER_PLACEHOLDERS.agentName]?.toLowerCase()}
                </Button>
              </div>
              <Form.Item
                name="text"
                noStyle
                rules={[
                  {
                    validator: async (_, value: string) => {
                      const error = validateQuickAnswerText(value, hasFile);
                      if (error) throw new Error(error);
                    },
                  },
                ]}
              >
                <Input.TextArea
                  ref={textRef}
                  aria-label="Texto"
                  rows={5}
                  showCount
                  maxLength={QUICK_ANSWER_TEXT_MAX}
                  placeholder="Hola {{nombre_cliente}}, soy {{nombre_agente}}. ¿En qué te puedo ayudar?"
                />
              </Form.Item>
            </Form.Item>
            {text.trim() ? (
              <Form.Item label="Vista previa">
                <div className="qa-preview" data-testid="quick-answer-preview">
                  {fillQuickAnswer(text, { leadName: SAMPLE_LEAD, agentName: me.name })}
                </div>
                <Typography.Text type="secondary">
                  <QuickAnswerText text={text} />
                </Typography.Text>
              </Form.Item>
            ) : null}
            <Form.Item
              label="Archivo (opcional)"
              validateStatus={fileError ? 'error' : undefined}
              help={fileError}
            >
              <input
                ref={fileInput}
                type="file"
                accept={FILE_ACCEPT}
                // Not `hidden`: the form item's layout styles would show the native control.
                style={{ display: 'none' }}
                data-testid="quick-answer-file-input"
                onChange={(event) => {
                  void pickFile(event.target.files);
                  event.target.value = '';
                }}
              />
              <Button icon={<PaperClipOutlined />} onClick={() => fileInput.current?.click()}>
                {hasFile ? 'Cambiar archivo' : 'Adjuntar archivo'}
              </Button>
              {file ? (
                <div className="qa-picked-file" data-testid="quick-answer-picked-file">
                  <span className="qa-picked-file-name">{file.name}</span>
                  <Typography.Text type="secondary">{formatFileSize(file.size)}</Typography.Text>
                  <Button type="link" danger onClick={() => setFile(null)}>
                    Eliminar
                  </Button>
                </div>
              ) : savedFile && !removeFile ? (
                <div className="qa-picked-file" data-testid="quick-answer-saved-file">
                  <span className="qa-picked-file-name">{savedFile.name ?? 'Archivo'}</span>
                  {typeof savedFile.weight === 'number' ? (
                    <Typography.Text type="secondary">{formatFileSize(savedFile.weight)}</Typography.Text>
                  ) : null}
                  <Button type="link" danger onClick={() => setRemoveFile(true)}>
                    Eliminar
                  </Button>
                </div>
              ) : null}
            </Form.Item>
            {removeFile && savedFile && !file ? (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 16 }}
                title="El archivo se quitará al guardar."
                action={
                  <Button size="small" onClick={() => setRemoveFile(false)}>
                    Deshacer
                  </Button>
                }
              />
            ) : null}
            <Space>
              <Button type="primary" htmlType="submit" loading={saving}>
                Guardar
              </Button>
              <Link to="/quickAnswers">
                <Button>Cancelar</Button>
              </Link>
            </Space>
          </Form>
        )}
      </Card>
    </div>
  );
}
