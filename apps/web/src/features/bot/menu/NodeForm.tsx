import { ArrowDownOutlined, ArrowUpOutlined, PaperClipOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CHAT_UPLOAD_MIME_TYPES,
  CHATBOT_LIMITS,
  CHATBOT_MESSAGES,
  type ChatbotAction,
  type ChatbotActionType,
  type ChatbotAfter,
  type ChatbotMenu,
  type ChatbotOption,
  uploadErrorSummary,
  validateUploads,
} from '@crm/shared';
import { Alert, Button, Form, Input, Radio, Select, Space, Typography } from 'antd';
import { useRef, useState } from 'react';
import { resolveError } from '../../../lib/errors';
import { uploadFile } from '../../inbox/window/api/upload.rest';
import { DeleteConfirm } from '../../layout/components/DeleteConfirm';
import type { BotAgent, BotDatasheetField, BotSpace, BotTag } from '../api/pickers.graphql';
import { datasheetFieldKey } from './fieldKeys';
import { fieldIssue, type MenuIssue } from './menuIssues';
import {
  ACTION_TYPE_LABELS,
  ACTION_TYPES,
  addOption,
  changeActionType,
  childrenOf,
  findOption,
  moveOption,
  newOption,
  parentKeyOf,
  ROOT_KEY,
  removeOption,
  updateOption,
} from './menuTree';

/** What the actions can point at, from the company's own lists. */
export interface BotPickerData {
  fields: BotDatasheetField[];
  tags: BotTag[];
  agents: BotAgent[];
  spaces: BotSpace[];
}

interface NodeFormProps {
  menu: ChatbotMenu;
  nodeKey: string;
  onChange: (menu: ChatbotMenu) => void;
  onSelect: (key: string) => void;
  onDeleted: (id: string) => void;
  issues: readonly MenuIssue[] | undefined;
  pickers: BotPickerData;
  readOnly: boolean;
}

const AFTER_OPTIONS: Array<{ value: ChatbotAfter; label: string }> = [
  { value: 'menu', label: 'Mostrar el menú otra vez' },
  { value: 'end', label: 'Terminar el bot' },
  { value: 'handover', label: 'Pasar con un asesor' },
];

const status = (message: string | undefined) => (message ? ('error' as const) : undefined);

/** The form of the selected node: the root's texts, or an option with its action. */
export function NodeForm(props: NodeFormProps) {
  return props.nodeKey === ROOT_KEY ? <RootForm {...props} /> : <OptionForm {...props} />;
}

function RootForm({ menu, onChange, onSelect, issues, readOnly }: NodeFormProps) {
  const add = () => {
    const option = newOption(menu);
    onChange(addOption(menu, ROOT_KEY, option));
    onSelect(option.id);
  };
  const levelIssue = fieldIssue(issues, 'options');
  return (
    <Form layout="vertical" component="div" data-testid="bot-root-form" disabled={readOnly}>
      <Typography.Title level={5}>Saludo y menú principal</Typography.Title>
      <Form.Item
        label="Saludo"
        htmlFor="bot-greeting"
        validateStatus={status(fieldIssue(issues, 'greeting'))}
        help={fieldIssue(issues, 'greeting') ?? 'Lo primero que lee el cliente, encima de las opciones.'}
      >
        <Input.TextArea
          id="bot-greeting"
          rows={2}
          maxLength={CHATBOT_LIMITS.greetingMax}
          value={menu.greeting}
          onChange={(event) => onChange({ ...menu, greeting: event.target.value })}
        />
      </Form.Item>
      <Form.Item
        label="Texto cuando no se entiende la respuesta"
        htmlFor="bot-invalid-text"
        validateStatus={status(fieldIssue(issues, 'invalidText'))}
        help={
          fieldIssue(issues, 'invalidText') ??
          'El menú se repite dos veces como máximo; después pasa con un asesor.'
        }
      >
        <Input
          id="bot-invalid-text"
          placeholder={CHATBOT_MESSAGES.invalidAnswer}
          value={menu.invalidText ?? ''}
          onChange={(event) => onChange({ ...menu, invalidText: event.target.value })}
        />
      </Form.Item>
      <Form.Item
        label="Texto al pasar con un asesor"
        htmlFor="bot-handover-text"
        validateStatus={status(fieldIssue(issues, 'handoverText'))}
        help={fieldIssue(issues, 'handoverText')}
      >
        <Input
          id="bot-handover-text"
          placeholder={CHATBOT_MESSAGES.handover}
          value={menu.handoverText ?? ''}
          onChange={(event) => onChange({ ...menu, handoverText: event.target.value })}
        />
      </Form.Item>
      {levelIssue && <Alert type="error" showIcon title={levelIssue} className="bot-form-alert" />}
      {!readOnly && (
        <Button
          icon={<PlusOutlined />}
          onClick={add}
          disabled={menu.options.length >= CHATBOT_LIMITS.optionsMax}
        >
          Agregar opción
        </Button>
      )}
    </Form>
  );
}

function OptionForm({
  menu,
  nodeKey,
  onChange,
  onSelect,
  onDeleted,
  issues,
  pickers,
  readOnly,
}: NodeFormProps) {
  const option = findOption(menu.options, nodeKey);
  if (!option) return null;
  const parent = parentKeyOf(menu, option.id) ?? ROOT_KEY;
  const siblings = childrenOf(menu, parent) ?? [];
  const index = siblings.findIndex((sibling) => sibling.id === option.id);
  const change = (patch: Partial<ChatbotOption>) =>
    onChange(updateOption(menu, option.id, (current) => ({ ...current, ...patch })));
  const changeAction = (action: ChatbotAction) => change({ action });
  const issue = (field: string) => fieldIssue(issues, field);

  const addChild = () => {
    const child = newOption(menu);
    onChange(addOption(menu, option.id, child));
    onSelect(child.id);
  };

  return (
    <Form layout="vertical" component="div" data-testid="bot-option-form" disabled={readOnly}>
      <div className="bot-form-head">
        <Typography.Title level={5}>Opción {index + 1}</Typography.Title>
        {!readOnly && (
          <Space size="small" wrap>
            <Button
              size="small"
              icon={<ArrowUpOutlined />}
              aria-label="Subir opción"
              disabled={index <= 0}
              onClick={() => onChange(moveOption(menu, option.id, -1))}
            />
            <Button
              size="small"
              icon={<ArrowDownOutlined />}
              aria-label="Bajar opción"
              disabled={index >= siblings.length - 1}
              onClick={() => onChange(moveOption(menu, option.id, 1))}
            />
            <DeleteConfirm
              size="small"
              title={`¿Eliminar la opción «${option.label.trim() || 'Sin texto'}»?`}
              description={
                option.action.type === 'submenu'
                  ? 'Se eliminarán también las opciones de su submenú.'
                  : undefined
              }
              ariaLabel="Eliminar opción"
              onConfirm={() => {
                onChange(removeOption(menu, option.id));
                onDeleted(option.id);
              }}
            />
          </Space>
        )}
      </div>
      <Form.Item
        label="Texto de la opción"
        htmlFor="bot-option-label"
        validateStatus={status(issue('label') ?? issue('id'))}
        help={issue('label') ?? issue('id')}
      >
        <Input
          id="bot-option-label"
          maxLength={CHATBOT_LIMITS.labelMax}
          showCount
          value={option.label}
          onChange={(event) => change({ label: event.target.value })}
        />
      </Form.Item>
      <Form.Item
        label="Descripción (opcional)"
        htmlFor="bot-option-description"
        validateStatus={status(issue('description'))}
        help={issue('description') ?? 'Segunda línea de la opción cuando el menú sale como lista.'}
      >
        <Input
          id="bot-option-description"
          maxLength={CHATBOT_LIMITS.descriptionMax}
          value={option.description ?? ''}
          onChange={(event) => change({ description: event.target.value })}
        />
      </Form.Item>
      <Form.Item
        label="Acción"
        htmlFor="bot-option-action"
        validateStatus={status(issue('action'))}
        help={issue('action')}
      >
        <Select<ChatbotActionType>
          id="bot-option-action"
          data-testid="bot-option-action"
          value={option.action.type}
          options={ACTION_TYPES.map((type) => ({ value: type, label: ACTION_TYPE_LABELS[type] }))}
          onChange={(type) => changeAction(changeActionType(option.action, type))}
        />
      </Form.Item>
      <ActionFields
        action={option.action}
        onChange={changeAction}
        issue={issue}
        pickers={pickers}
        readOnly={readOnly}
      />
      {option.action.type === 'submenu' && !readOnly && (
        <Button
          icon={<PlusOutlined />}
          onClick={addChild}
          disabled={option.action.options.length >= CHATBOT_LIMITS.optionsMax}
        >
          Agregar opción al submenú
        </Button>
      )}
    </Form>
  );
}

interface ActionFieldsProps {
  action: ChatbotAction;
  onChange: (action: ChatbotAction) => void;
  issue: (field: string) => string | undefined;
  pickers: BotPickerData;
  readOnly: boolean;
}

/** The fields of each action type (issue 17 "Menu chatbot"). */
function ActionFields({ action, onChange, issue, pickers, readOnly }: ActionFieldsProps) {
  const textField = (label: string, required: boolean, placeholder?: string) => (
    <Form.Item
      label={required ? label : `${label} (opcional)`}
      htmlFor="bot-action-text"
      validateStatus={status(issue('action.text'))}
      help={issue('action.text')}
    >
      <Input.TextArea
        id="bot-action-text"
        rows={2}
        maxLength={CHATBOT_LIMITS.textMax}
        placeholder={placeholder}
        value={action.text ?? ''}
        onChange={(event) => onChange({ ...action, text: event.target.value } as ChatbotAction)}
      />
    </Form.Item>
  );
  const afterField =
    'after' in action ? (
      <Form.Item label="Después" validateStatus={status(issue('action.after'))} help={issue('action.after')}>
        <Radio.Group
          value={action.after}
          options={AFTER_OPTIONS}
          onChange={(event) => onChange({ ...action, after: event.target.value as ChatbotAfter })}
        />
      </Form.Item>
    ) : null;

  switch (action.type) {
    case 'reply':
      return (
        <>
          {textField('Respuesta', !action.media)}
          <MediaField action={action} onChange={onChange} issue={issue('action.media')} readOnly={readOnly} />
          {afterField}
        </>
      );
    case 'question':
      return (
        <>
          {textField('Pregunta', true)}
          <Form.Item
            label="Campo de la ficha"
            htmlFor="bot-action-field"
            validateStatus={status(issue('action.fieldKey'))}
            help={issue('action.fieldKey') ?? 'La respuesta se valida según el tipo del campo.'}
          >
            <Select<string>
              id="bot-action-field"
              data-testid="bot-action-field"
              placeholder="Elige un campo"
              value={action.fieldKey || undefined}
              notFoundContent="No hay campos en la ficha"
              options={pickers.fields.map((field) => ({
                value: datasheetFieldKey(field),
                label: field.name,
              }))}
              onChange={(fieldKey) => onChange({ ...action, fieldKey })}
            />
          </Form.Item>
          {afterField}
        </>
      );
    case 'tag':
      return (
        <>
          <Form.Item
            label="Etiqueta"
            htmlFor="bot-action-tag"
            validateStatus={status(issue('action.tagId'))}
            help={issue('action.tagId')}
          >
            <Select<number>
              id="bot-action-tag"
              data-testid="bot-action-tag"
              placeholder="Elige una etiqueta"
              value={action.tagId || undefined}
              notFoundContent="No hay etiquetas"
              options={pickers.tags.map((tag) => ({ value: tag.id, label: tag.name }))}
              onChange={(tagId) => onChange({ ...action, tagId })}
            />
          </Form.Item>
          {textField('Mensaje', false)}
          {afterField}
        </>
      );
    case 'submenu':
      return textField('Texto del submenú', true);
    case 'assignAgent':
      return (
        <>
          <Form.Item
            label="Agente"
            htmlFor="bot-action-agent"
            validateStatus={status(issue('action.userId'))}
            help={
              issue('action.userId') ??
              'Si no está disponible, se siguen las reglas de asignación de la empresa.'
            }
          >
            <Select<number>
              id="bot-action-agent"
              data-testid="bot-action-agent"
              placeholder="Elige un agente"
              value={action.userId || undefined}
              notFoundContent="No hay agentes"
              options={pickers.agents.map((agent) => ({ value: agent.id, label: agent.name }))}
              onChange={(userId) => onChange({ ...action, userId })}
            />
          </Form.Item>
          {textField('Mensaje', false)}
        </>
      );
    case 'assignSpace':
      return (
        <>
          <Form.Item
            label="Espacio"
            htmlFor="bot-action-space"
            validateStatus={status(issue('action.spaceId'))}
            help={issue('action.spaceId') ?? 'Se asigna a uno de sus agentes según las reglas de asignación.'}
          >
            <Select<number>
              id="bot-action-space"
              data-testid="bot-action-space"
              placeholder="Elige un espacio"
              value={action.spaceId || undefined}
              notFoundContent="No hay espacios"
              options={pickers.spaces.map((space) => ({ value: space.id, label: space.name }))}
              onChange={(spaceId) => onChange({ ...action, spaceId })}
            />
          </Form.Item>
          {textField('Mensaje', false)}
        </>
      );
    case 'handover':
      return textField('Mensaje', false, CHATBOT_MESSAGES.handover);
  }
}

interface MediaFieldProps {
  action: Extract<ChatbotAction, { type: 'reply' }>;
  onChange: (action: ChatbotAction) => void;
  issue: string | undefined;
  readOnly: boolean;
}

/** A reply's file: uploaded like the composer's attachments (same types and limits), then sent with the answer. */
function MediaField({ action, onChange, issue, readOnly }: MediaFieldProps) {
  const picker = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const attach = async (file: File) => {
    const summary = uploadErrorSummary(validateUploads([file], { accept: CHAT_UPLOAD_MIME_TYPES }));
    setProblem(summary);
    if (summary) return;
    setUploading(true);
    try {
      const uploaded = await uploadFile(file);
      onChange({ ...action, media: { url: uploaded.url, fileType: uploaded.fileType, name: uploaded.name } });
    } catch (error) {
      setProblem(resolveError(error).userMessage);
    } finally {
      setUploading(false);
    }
  };

  const message = problem ?? issue;
  return (
    <Form.Item label="Archivo (opcional)" validateStatus={status(message ?? undefined)} help={message}>
      {action.media ? (
        <Space wrap>
          <Typography.Link
            href={action.media.url}
            target="_blank"
            rel="noreferrer"
            data-testid="bot-action-media"
          >
            <PaperClipOutlined /> {action.media.name || action.media.url}
          </Typography.Link>
          {!readOnly && (
            <Button size="small" onClick={() => onChange({ ...action, media: null })}>
              Quitar archivo
            </Button>
          )}
        </Space>
      ) : (
        !readOnly && (
          <Button icon={<PaperClipOutlined />} loading={uploading} onClick={() => picker.current?.click()}>
            Adjuntar archivo
          </Button>
        )
      )}
      <input
        ref={picker}
        type="file"
        hidden
        accept={CHAT_UPLOAD_MIME_TYPES.join(',')}
        data-testid="bot-media-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void attach(file);
        }}
      />
    </Form.Item>
  );
}
