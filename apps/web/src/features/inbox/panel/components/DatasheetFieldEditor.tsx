import { LoadingOutlined } from '@ant-design/icons';
import { useApolloClient } from '@apollo/client/react';
import { DatePicker, Input, Select, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useRef, useState } from 'react';
import { resolveError } from '../../../../lib/errors';
import { SAVE_CLIENT_INFO_MUTATION } from '../api/panel.graphql';
import {
  booleanValue,
  DATASHEET_DATE_FORMAT,
  type DatasheetField,
  validateDatasheetValue,
} from '../datasheet';

interface DatasheetFieldEditorProps {
  clientId: number;
  field: DatasheetField;
  /** The stored value ('' when there is none). */
  initialValue: string;
}

const TEXT_INPUT_MODE: Record<string, 'text' | 'email' | 'decimal' | 'numeric'> = {
  email: 'email',
  number: 'decimal',
  phone: 'numeric',
};

/**
 * One data-sheet field (02 §3) with the editor its type calls for. Typed fields save on Enter or when the
 * field loses focus, pickers as soon as a value is chosen; the value is checked with the API's rules first,
 * and a refusal from the server shows its Spanish message under the field.
 */
export function DatasheetFieldEditor({ clientId, field, initialValue }: DatasheetFieldEditorProps) {
  const client = useApolloClient();
  const [saved, setSaved] = useState(initialValue);
  const [draft, setDraft] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Enter then blur would send the same value twice: remember what is on its way.
  const inFlight = useRef<string | null>(null);
  const inputId = `datasheet-input-${field.id}`;

  const save = async (raw: string) => {
    const value = raw.trim();
    const problem = validateDatasheetValue(field, value);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    if (value === saved || value === inFlight.current) return;
    inFlight.current = value;
    setSaving(true);
    try {
      const { data } = await client.mutate({
        mutation: SAVE_CLIENT_INFO_MUTATION,
        variables: { clientId, fieldId: field.id, value },
      });
      // The server answers null when an empty value removed the entry.
      const stored = data?.saveClientInfo?.value ?? '';
      setSaved(stored);
      setDraft(stored);
    } catch (failure) {
      setError(resolveError(failure).userMessage);
    } finally {
      inFlight.current = null;
      setSaving(false);
    }
  };

  const pick = (value: string) => {
    setDraft(value);
    void save(value);
  };

  let editor: ReactNode;
  switch (field.type) {
    case 'boolean':
      editor = (
        <Switch
          id={inputId}
          checked={draft === 'true'}
          loading={saving}
          checkedChildren="Sí"
          unCheckedChildren="No"
          onChange={(checked) => pick(booleanValue(checked))}
        />
      );
      break;
    case 'date': {
      const date = draft ? dayjs(draft, DATASHEET_DATE_FORMAT) : null;
      editor = (
        <DatePicker
          id={inputId}
          className="client-info-select"
          format="DD/MM/YYYY"
          placeholder="Selecciona una fecha"
          value={date?.isValid() ? date : null}
          status={error ? 'error' : undefined}
          disabled={saving}
          onChange={(value) => pick(value ? value.format(DATASHEET_DATE_FORMAT) : '')}
        />
      );
      break;
    }
    case 'list':
      editor = (
        <Select<string>
          id={inputId}
          className="client-info-select"
          placeholder="Selecciona una opción"
          allowClear
          value={draft === '' ? undefined : draft}
          options={field.options.map((option) => ({ value: option, label: option }))}
          status={error ? 'error' : undefined}
          loading={saving}
          disabled={saving}
          onChange={(value) => pick(value ?? '')}
        />
      );
      break;
    default:
      editor = (
        <Input
          id={inputId}
          value={draft}
          inputMode={TEXT_INPUT_MODE[field.type] ?? 'text'}
          placeholder={field.type === 'phone' ? '10 dígitos' : undefined}
          status={error ? 'error' : undefined}
          suffix={saving ? <LoadingOutlined /> : <span />}
          onChange={(event) => {
            setDraft(event.target.value);
            if (error) setError(null);
          }}
          onPressEnter={() => void save(draft)}
          onBlur={() => void save(draft)}
        />
      );
  }

  return (
    <div className="client-info-field" data-testid={`datasheet-field-${field.id}`} data-type={field.type}>
      <label htmlFor={inputId} className="client-info-field-label">
        {field.name}
      </label>
      {editor}
      {error && (
        <Typography.Text type="danger" role="alert" className="client-info-field-error">
          {error}
        </Typography.Text>
      )}
    </div>
  );
}
