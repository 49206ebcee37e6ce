import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SURVEY_LIMITS, type SurveyDraftError, validateSurveyDraft } from '@crm/shared';
import { Alert, Button, Form, Input, InputNumber, Skeleton, Switch, Typography } from 'antd';
import { useState } from 'react';
import { resolveError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import type { BotTabProps } from '../components/BotScreen';
import { type SurveyConfig, type SurveyValues, useSurveyConfig } from './useSurveyConfig';

/** /bot 'Encuesta' (02 §3 Survey config): the channel's satisfaction survey, sent when a conversation closes. */
export function SurveyTab({ channel, canWrite }: BotTabProps) {
  const survey = useSurveyConfig(channel.id);
  if (survey.loading && !survey.config) return <Skeleton active />;
  return (
    <SurveyForm
      // Saved options come back with their ids: the form restarts from them so a second save keeps, not adds.
      key={survey.config ? `${survey.config.id}:${survey.config.options.map((o) => o.id).join(',')}` : 'new'}
      canWrite={canWrite}
      stored={survey.config}
      onSave={(values) => survey.save(values)}
    />
  );
}

interface OptionRow {
  /** The stored option's id; absent for a new one. */
  id: number | null;
  /** A key for React that a new row keeps while it moves. */
  key: string;
  text: string;
  value: number | null;
  endText: string;
}

/** A new survey starts with the usual 1 to 5 scale, ready to be edited. */
const DEFAULT_OPTIONS: Array<Pick<OptionRow, 'text' | 'value'>> = [
  { text: 'Excelente', value: 5 },
  { text: 'Buena', value: 4 },
  { text: 'Regular', value: 3 },
  { text: 'Mala', value: 2 },
  { text: 'Muy mala', value: 1 },
];

interface SurveyFormProps {
  canWrite: boolean;
  stored: SurveyConfig | null;
  onSave: (values: SurveyValues) => Promise<void>;
}

let rowSeed = 0;
const rowKey = () => {
  rowSeed += 1;
  return `new-${rowSeed}`;
};

function startRows(stored: SurveyConfig | null): OptionRow[] {
  if (!stored) return DEFAULT_OPTIONS.map((option) => ({ ...option, id: null, key: rowKey(), endText: '' }));
  return [...stored.options]
    .sort((a, b) => a.index - b.index)
    .map((option) => ({
      id: option.id,
      key: `stored-${option.id}`,
      text: option.text,
      value: option.value,
      endText: option.endText ?? '',
    }));
}

/**
 * The survey: its opening text, and up to 10 options each with the value it scores (what the ratings average),
 * its text and an optional closing text the bot answers when it is chosen. The order on screen is the order sent.
 */
export function SurveyForm({ canWrite, stored, onSave }: SurveyFormProps) {
  const [initText, setInitText] = useState(stored?.initText ?? '');
  const [isActive, setIsActive] = useState(stored?.isActive ?? true);
  const [rows, setRows] = useState<OptionRow[]>(() => startRows(stored));
  const [error, setError] = useState<SurveyDraftError | null>(null);
  const [saving, setSaving] = useState(false);

  const edit = (change: () => void) => {
    change();
    setError(null);
  };
  const setRow = (key: string, patch: Partial<OptionRow>) =>
    edit(() => setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row))));
  const move = (index: number, delta: -1 | 1) =>
    edit(() =>
      setRows((current) => {
        const next = [...current];
        const [row] = next.splice(index, 1);
        if (row) next.splice(index + delta, 0, row);
        return next;
      }),
    );

  const options = rows.map((row, index) => ({
    ...(row.id ? { id: row.id } : {}),
    text: row.text.trim(),
    // An empty value reads as NaN, which the shared rule refuses with its own words.
    value: row.value ?? Number.NaN,
    index,
    endText: row.endText.trim(),
  }));

  const save = async () => {
    const found = validateSurveyDraft({ initText, options });
    if (found) {
      setError(found);
      return;
    }
    setSaving(true);
    try {
      await onSave({ initText: initText.trim(), isActive, options });
      toast.success('Encuesta guardada');
    } catch (failure) {
      const { field, userMessage } = resolveError(failure);
      setError({ field: field ?? '', message: userMessage });
    } finally {
      setSaving(false);
    }
  };

  const errorAt = (field: string) => (error?.field === field ? error.message : undefined);
  const known =
    error && (error.field === 'initText' || error.field === 'options' || /^options\.\d+\./.test(error.field));

  return (
    <Form
      layout="vertical"
      component="div"
      className="bot-narrow-form"
      data-testid="survey-form"
      disabled={!canWrite}
    >
      <Typography.Paragraph type="secondary">
        Se envía al cerrar una conversación cuando el agente lo pide o la empresa la envía por defecto. El
        cliente responde con un botón o escribiendo el número.
      </Typography.Paragraph>
      {error && !known && <Alert type="error" showIcon title={error.message} className="bot-form-alert" />}
      <Form.Item label="Activa">
        <Switch
          aria-label="Encuesta activa"
          checked={isActive}
          onChange={(value) => edit(() => setIsActive(value))}
        />
      </Form.Item>
      <Form.Item
        label="Texto de la encuesta"
        htmlFor="survey-init-text"
        validateStatus={errorAt('initText') ? 'error' : undefined}
        help={errorAt('initText')}
      >
        <Input.TextArea
          id="survey-init-text"
          rows={2}
          maxLength={SURVEY_LIMITS.initTextMax}
          placeholder="¿Cómo calificarías la atención que recibiste?"
          value={initText}
          onChange={(event) => edit(() => setInitText(event.target.value))}
        />
      </Form.Item>
      <Typography.Title level={5}>Opciones</Typography.Title>
      {errorAt('options') && (
        <Alert type="error" showIcon title={errorAt('options')} className="bot-form-alert" />
      )}
      <div className="bot-survey-options">
        {rows.map((row, index) => {
          const at = (name: string) => errorAt(`options.${index}.${name}`);
          return (
            <div key={row.key} className="bot-survey-option" data-testid={`survey-option-${index + 1}`}>
              <span className="bot-survey-number">{index + 1}.</span>
              <Form.Item
                label="Valor"
                htmlFor={`survey-value-${index + 1}`}
                validateStatus={at('value') ? 'error' : undefined}
                help={at('value')}
              >
                <InputNumber<number>
                  id={`survey-value-${index + 1}`}
                  aria-label={`Valor de la opción ${index + 1}`}
                  precision={0}
                  value={row.value}
                  onChange={(value) => setRow(row.key, { value: value ?? null })}
                />
              </Form.Item>
              <Form.Item
                label="Texto"
                htmlFor={`survey-text-${index + 1}`}
                validateStatus={at('text') ? 'error' : undefined}
                help={at('text')}
                className="bot-survey-grow"
              >
                <Input
                  id={`survey-text-${index + 1}`}
                  aria-label={`Texto de la opción ${index + 1}`}
                  maxLength={SURVEY_LIMITS.optionTextMax}
                  value={row.text}
                  onChange={(event) => setRow(row.key, { text: event.target.value })}
                />
              </Form.Item>
              <Form.Item
                label="Respuesta final (opcional)"
                htmlFor={`survey-end-${index + 1}`}
                validateStatus={at('endText') ? 'error' : undefined}
                help={at('endText')}
                className="bot-survey-grow"
              >
                <Input
                  id={`survey-end-${index + 1}`}
                  aria-label={`Respuesta final de la opción ${index + 1}`}
                  maxLength={SURVEY_LIMITS.endTextMax}
                  placeholder="¡Gracias por tu respuesta!"
                  value={row.endText}
                  onChange={(event) => setRow(row.key, { endText: event.target.value })}
                />
              </Form.Item>
              {canWrite && (
                <span className="bot-survey-actions">
                  <Button
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={`Subir la opción ${index + 1}`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  />
                  <Button
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={`Bajar la opción ${index + 1}`}
                    disabled={index === rows.length - 1}
                    onClick={() => move(index, 1)}
                  />
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Quitar la opción ${index + 1}`}
                    disabled={rows.length <= 1}
                    onClick={() =>
                      edit(() => setRows((current) => current.filter((other) => other.key !== row.key)))
                    }
                  />
                </span>
              )}
            </div>
          );
        })}
      </div>
      {canWrite && (
        <div className="bot-survey-footer">
          <Button
            icon={<PlusOutlined />}
            disabled={rows.length >= SURVEY_LIMITS.optionsMax}
            onClick={() =>
              edit(() =>
                setRows((current) => [
                  ...current,
                  { id: null, key: rowKey(), text: '', value: null, endText: '' },
                ]),
              )
            }
          >
            Agregar opción
          </Button>
          <Button type="primary" onClick={() => void save()} loading={saving}>
            Guardar encuesta
          </Button>
        </div>
      )}
    </Form>
  );
}
