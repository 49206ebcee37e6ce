import { ArrowDownOutlined, ArrowUpOutlined, PaperClipOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CHATBOT_LIMITS,
  CHATBOT_MESSAGES,
  type ChatbotAction,
  type ChatbotActionType,
  type ChatbotAfter,
  type ChatbotMenu,
  type ChatbotOption,
} from '@crm/shared';
import { Alert, Button, Form, Input, Radio, Select, Space, Typography } from 'antd';
import { useFileUpload } from '../../inbox/window/hooks/useFileUpload';
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
          <PickerField<string>
            label="Campo de la ficha"
            id="bot-action-field"
            issue={issue('action.fieldKey')}
            help="La respuesta se valida según el tipo del campo."
            placeholder="Elige un campo"
            notFoundContent="No hay campos en la ficha"
            value={action.fieldKey || undefined}
            options={pickers.fields.map((field) => ({ value: datasheetFieldKey(field), label: field.name }))}
            onChange={(fieldKey) => onChange({ ...action, fieldKey })}
          />
          {afterField}
        </>
      );
    case 'tag':
      return (
        <>
          <PickerField<number>
            label="Etiqueta"
            id="bot-action-tag"
            issue={issue('action.tagId')}
            placeholder="Elige una etiqueta"
            notFoundContent="No hay etiquetas"
            value={action.tagId || undefined}
            options={pickers.tags.map((tag) => ({ value: tag.id, label: tag.name }))}
            onChange={(tagId) => onChange({ ...action, tagId })}
          />
          {textField('Mensaje', false)}
          {afterField}
        </>
      );
    case 'submenu':
      return textField('Texto del submenú', true);
    case 'assignAgent':
      return (
        <>
          <PickerField<number>
            label="Agente"
            id="bot-action-agent"
            issue={issue('action.userId')}
            help="Si no está disponible, se siguen las reglas de asignación de la empresa."
            placeholder="Elige un agente"
            notFoundContent="No hay agentes"
            value={action.userId || undefined}
            options={pickers.agents.map((agent) => ({ value: agent.id, label: agent.name }))}
            onChange={(userId) => onChange({ ...action, userId })}
          />
          {textField('Mensaje', false)}
        </>
      );
    case 'assignSpace':
      return (
        <>
          <PickerField<number>
            label="Espacio"
            id="bot-action-space"
            issue={issue('action.spaceId')}
            help="Se asigna a uno de sus agentes según las reglas de asignación."
            placeholder="Elige un espacio"
            notFoundContent="No hay espacios"
            value={action.spaceId || undefined}
            options={pickers.spaces.map((space) => ({ value: space.id, label: space.name }))}
            onChange={(spaceId) => onChange({ ...action, spaceId })}
          />
          {textField('Mensaje', false)}
        </>
      );
    case 'handover':
      return textField('Mensaje', false, CHATBOT_MESSAGES.handover);
  }
}

interface PickerFieldProps<T extends string | number> {
  label: string;
  /** The element id, also its test id. */
  id: string;
  issue: string | undefined;
  /** Shown under the picker while it has no issue. */
  help?: string;
  placeholder: string;
  notFoundContent: string;
  value: T | undefined;
  options: Array<{ value: T; label: string }>;
  onChange: (value: T) => void;
}

/** An action's pick from one of the company's lists (a datasheet field, a tag, an agent, a space). */
function PickerField<T extends string | number>({
  label,
  id,
  issue,
  help,
  placeholder,
  notFoundContent,
  value,
  options,
  onChange,
}: PickerFieldProps<T>) {
  return (
    <Form.Item label={label} htmlFor={id} validateStatus={status(issue)} help={issue ?? help}>
      <Select<T>
        id={id}
        data-testid={id}
        placeholder={placeholder}
        value={value}
        notFoundContent={notFoundContent}
        options={options}
        onChange={onChange}
      />
    </Form.Item>
  );
}

interface MediaFieldProps {
  action: Extract<ChatbotAction, { type: 'reply' }>;
  onChange: (action: ChatbotAction) => void;
  issue: string | undefined;
  readOnly: boolean;
}

/** A reply's file: uploaded like the composer's attachments (same types and limits), then sent with the answer. */
function MediaField({ action, onChange, issue, readOnly }: MediaFieldProps) {
  const upload = useFileUpload(
    (uploaded) =>
      onChange({ ...action, media: { url: uploaded.url, fileType: uploaded.fileType, name: uploaded.name } }),
    'bot-media-input',
  );

  const message = upload.problem ?? issue;
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
          <Button icon={<PaperClipOutlined />} loading={upload.uploading} onClick={upload.pick}>
            Adjuntar archivo
          </Button>
        )
      )}
      {upload.input}
    </Form.Item>
  );
}
