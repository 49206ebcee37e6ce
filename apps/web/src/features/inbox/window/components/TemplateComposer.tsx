import { PlusOutlined, SendOutlined } from '@ant-design/icons';
import { userMessageFor } from '@crm/shared';
import { Button, Input, Select, Spin, Typography } from 'antd';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { WhatsappText } from '../../messages/WhatsappText';
import type { WhatsappTemplate } from '../api/templates.graphql';
import {
  fillTemplateBody,
  templateBody,
  templateOptionText,
  templateReady,
  templateVariableCount,
} from '../templates';

export interface TemplateSubmit {
  template: WhatsappTemplate;
  bodyParameters: string[];
  /** The body with its variables filled, for the pending bubble. */
  body: string;
}

export interface TemplateComposerProps {
  templates: readonly WhatsappTemplate[];
  loading: boolean;
  onSend: (submit: TemplateSubmit) => void;
  /** The user holds whatsappTemplate: a link to the creation flow, which brings them back here. */
  canCreate?: boolean;
}

function CreateTemplateLink() {
  const location = useLocation();
  return (
    <Link
      to="/config/new-whatsapp-template"
      state={{ returnTo: `${location.pathname}${location.search}` }}
      data-testid="template-create-link"
    >
      <PlusOutlined /> Crear plantilla
    </Link>
  );
}

/**
 * Outside WhatsApp's 24-hour window only an approved template may be sent (01 §4): pick one of the channel's
 * accepted templates, fill its variables, check the preview, send.
 */
export function TemplateComposer({ templates, loading, onSend, canCreate = false }: TemplateComposerProps) {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [values, setValues] = useState<string[]>([]);
  const selected = templates.find((template) => template.id === selectedId) ?? null;
  const count = selected ? templateVariableCount(selected) : 0;
  const body = selected ? templateBody(selected) : '';
  const ready = selected !== null && templateReady(count, values);

  const send = () => {
    if (!selected || !ready) return;
    const bodyParameters = Array.from({ length: count }, (_, index) => (values[index] ?? '').trim());
    onSend({ template: selected, bodyParameters, body: fillTemplateBody(body, bodyParameters) });
    setValues([]);
  };

  return (
    <div className="cw-composer cw-template-composer" data-testid="template-composer">
      <Typography.Text type="secondary" className="cw-template-notice">
        {userMessageFor('TEMPLATE_REQUIRED')}
      </Typography.Text>
      {loading ? (
        <Spin size="small" />
      ) : templates.length === 0 ? (
        <div className="cw-template-actions">
          <Typography.Text type="warning" data-testid="template-empty">
            Este canal no tiene plantillas aprobadas.
          </Typography.Text>
          {canCreate ? <CreateTemplateLink /> : null}
        </div>
      ) : (
        <>
          <Select
            className="cw-template-select"
            placeholder="Selecciona una plantilla"
            aria-label="Plantilla"
            value={selectedId ?? undefined}
            onChange={(id: number) => {
              setSelectedId(id);
              setValues([]);
            }}
            options={templates.map((template) => ({
              value: template.id,
              label: templateOptionText(template),
              title: template.name,
            }))}
            data-testid="template-select"
          />
          {count > 0 ? (
            <div className="cw-template-variables">
              {Array.from({ length: count }, (_, index) => {
                const n = index + 1;
                return (
                  <Input
                    key={n}
                    prefix={<span className="cw-template-variable-tag">{`{{${n}}}`}</span>}
                    aria-label={`Variable ${n}`}
                    placeholder={`Valor de la variable ${n}`}
                    value={values[index] ?? ''}
                    maxLength={1024}
                    onChange={(event) =>
                      setValues((current) => {
                        const next = [...current];
                        next[index] = event.target.value;
                        return next;
                      })
                    }
                    onPressEnter={send}
                    data-testid={`template-variable-${n}`}
                  />
                );
              })}
            </div>
          ) : null}
          {selected ? (
            <div className="cw-template-preview" data-testid="template-preview">
              <span className="cw-template-preview-label">Vista previa</span>
              <WhatsappText text={fillTemplateBody(body, values)} />
            </div>
          ) : null}
          <div className="cw-template-actions">
            {canCreate ? <CreateTemplateLink /> : null}
            <Button
              type="primary"
              icon={<SendOutlined />}
              disabled={!ready}
              onClick={send}
              data-testid="template-send"
            >
              Enviar plantilla
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
