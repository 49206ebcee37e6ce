import {
  GENERIC_ERROR_MESSAGE,
  IMPORT_MAX_CONTACTS,
  IMPORT_MESSAGES,
  IMPORT_RESULTS_PAGE_SIZE,
  type ImportResultRow,
} from '@crm/shared';
import { Alert, Button, Modal, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import { useEffect, useReducer } from 'react';
import { ApiError } from '../../../lib/api-error';
import { isSessionErrorCode, resolveError } from '../../../lib/errors';
import { subscribeRealtime } from '../../../lib/socket';
import { toast } from '../../../lib/toast';
import { downloadImportTemplate, importContacts } from '../api/contacts.api';
import { importFlowReducer, initialImportFlow, isImportBusy } from '../importFlow';
import type { ChannelOption } from './CreateContactModal';
import { ImportExample } from './ImportExample';
import { ImportProgress } from './ImportProgress';

interface ImportContactsFlowProps {
  open: boolean;
  channels: ChannelOption[];
  /** `imported` when a file went through (the table and the tags are read again). */
  onClose: (imported: boolean) => void;
}

const STATUS_TAGS: Record<ImportResultRow['status'], { color: string; label: string }> = {
  creado: { color: 'green', label: 'Creado' },
  duplicado: { color: 'gold', label: 'Duplicado' },
  error: { color: 'red', label: 'Error' },
};

// 02 §8: the toast of a failed import when the server gave no reason.
const IMPORT_FAILED_TOAST = 'Error importing contacts';

// Issue 19: Excel's 'Texto Unicode' (UTF-16, tab separated) is saved as .txt; the server reads it like a CSV.
const SPREADSHEET = /\.(xlsx|csv|txt)$/i;

/**
 * The reason a failed upload gives the person: the server's own message for a refused file (400: too many rows,
 * empty, not a spreadsheet…), or null when it gave none.
 */
function serverReason(error: unknown): string | null {
  if (!ApiError.is(error) || error.status < 400 || error.status >= 500) return null;
  const { userMessage } = resolveError(error);
  return userMessage && userMessage !== GENERIC_ERROR_MESSAGE ? userMessage : null;
}

/** 02 §2 / §4 import flow: instructions, channel choice, upload with a percentage bar, result table. */
export function ImportContactsFlow({ open, channels, onClose }: ImportContactsFlowProps) {
  const [state, dispatch] = useReducer(importFlowReducer, null, () => initialImportFlow());
  const busy = isImportBusy(state);
  const firstChannel = channels[0]?.id ?? null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new opening starts over; channels arriving later do not.
  useEffect(() => {
    if (open) dispatch({ type: 'open', channelId: firstChannel });
  }, [open]);
  useEffect(() => {
    if (open && firstChannel !== null) dispatch({ type: 'defaultChannel', channelId: firstChannel });
  }, [open, firstChannel]);

  // While the server works through the rows it reports to this user's room (02 §7 'progressBar').
  useEffect(() => {
    if (!busy) return;
    return subscribeRealtime('progressBar', (payload) =>
      dispatch({
        type: 'serverProgress',
        percent: payload.progress,
        processed: payload.processed,
        total: payload.total,
      }),
    );
  }, [busy]);

  async function upload(file: File) {
    if (state.channelId === null || busy) return;
    if (!SPREADSHEET.test(file.name)) {
      dispatch({ type: 'failed', message: IMPORT_MESSAGES.notSpreadsheet });
      return;
    }
    dispatch({ type: 'uploadStarted' });
    try {
      const result = await importContacts(file, state.channelId, (percent) =>
        dispatch({ type: 'uploadProgress', percent }),
      );
      dispatch({ type: 'finished', result });
    } catch (error) {
      const reason = serverReason(error);
      if (reason) {
        dispatch({ type: 'failed', message: reason });
      } else {
        dispatch({ type: 'failed', message: IMPORT_MESSAGES.failed });
        // A session error has already ended the session (lib/multipart); no toast over the login page.
        if (!isSessionErrorCode(resolveError(error).code)) toast.error(IMPORT_FAILED_TOAST);
      }
    }
  }

  const rows = state.result?.newClientsDataResult ?? [];
  const count = (status: ImportResultRow['status']) => rows.filter((r) => r.status === status).length;

  return (
    <Modal
      open={open}
      width={760}
      title="Importar contactos"
      onCancel={() => !busy && onClose(state.result !== null)}
      mask={{ closable: false }}
      closable={!busy}
      footer={null}
      destroyOnHidden
    >
      {state.step === 'instructions' && (
        <Space orientation="vertical" size="middle" className="contacts-full-width">
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            Sube un archivo .xlsx, .csv o .txt con hasta {IMPORT_MAX_CONTACTS} contactos. La primera fila
            lleva los encabezados y cada fila siguiente es un contacto, con las columnas en este orden:
          </Typography.Paragraph>
          <ol className="contacts-import-columns">
            <li>
              <strong>Nombre</strong>
            </li>
            <li>
              <strong>Apellido</strong>
            </li>
            <li>
              <strong>Teléfono</strong> con código de país (México 521, Argentina 549)
            </li>
            <li>
              <strong>Etiquetas</strong> separadas por comas; las que no existan se crean
            </li>
            <li>
              <strong>Correo del agente</strong> que atenderá al contacto; si está vacío, se te asigna a ti
            </li>
            <li>
              Desde la sexta columna, <strong>campos personalizados</strong>: el encabezado es el nombre del
              campo de la ficha de datos
            </li>
          </ol>
          <ImportExample />
          <Button
            type="link"
            className="contacts-link-button"
            onClick={() =>
              downloadImportTemplate().catch((error: unknown) => toast.error(resolveError(error).userMessage))
            }
          >
            Descargar plantilla
          </Button>
          <div className="contacts-modal-actions">
            <Button type="primary" onClick={() => dispatch({ type: 'next' })}>
              Continuar
            </Button>
          </div>
        </Space>
      )}

      {state.step === 'channel' && (
        <Space orientation="vertical" size="middle" className="contacts-full-width">
          <Typography.Text strong>{IMPORT_MESSAGES.chooseChannel}</Typography.Text>
          <Select
            aria-label="Canal"
            className="contacts-full-width"
            value={state.channelId ?? undefined}
            onChange={(channelId: number) => dispatch({ type: 'chooseChannel', channelId })}
            options={channels.map((c) => ({ value: c.id, label: c.name }))}
            placeholder="Canal"
            notFoundContent="No hay canales de WhatsApp o SMS en este espacio"
          />
          <div className="contacts-modal-actions">
            <Button onClick={() => dispatch({ type: 'back' })}>Atrás</Button>
            <Button
              type="primary"
              disabled={state.channelId === null}
              onClick={() => dispatch({ type: 'next' })}
            >
              Continuar
            </Button>
          </div>
        </Space>
      )}

      {state.step === 'upload' && (
        <Space orientation="vertical" size="middle" className="contacts-full-width">
          <Upload.Dragger
            accept=".xlsx,.csv,.txt"
            multiple={false}
            showUploadList={false}
            disabled={busy}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <p className="contacts-drop-title">Arrastra aquí tu archivo o haz clic para elegirlo</p>
            <p className="contacts-drop-hint">.xlsx, .csv o .txt, hasta {IMPORT_MAX_CONTACTS} contactos</p>
          </Upload.Dragger>
          {busy && (
            <>
              <ImportProgress
                percent={state.percent}
                label={state.phase === 'uploading' ? 'Subiendo archivo' : 'Importando contactos'}
              />
              {state.total !== null && (
                <Typography.Text type="secondary">
                  {state.processed ?? 0} de {state.total} contactos procesados
                </Typography.Text>
              )}
            </>
          )}
          {state.error && <Alert type="error" showIcon title={state.error} />}
          <div className="contacts-modal-actions">
            <Button disabled={busy} onClick={() => dispatch({ type: 'back' })}>
              Atrás
            </Button>
          </div>
        </Space>
      )}

      {state.step === 'result' && state.result && (
        <Space orientation="vertical" size="middle" className="contacts-full-width">
          <Alert
            type={
              state.result.finalStatus === 'success'
                ? 'success'
                : state.result.finalStatus === 'partial'
                  ? 'warning'
                  : 'error'
            }
            showIcon
            title={`Contactos creados: ${state.result.importContacts}. Duplicados: ${count('duplicado')}. Con error: ${count('error')}.`}
          />
          <Table<ImportResultRow & { key: number }>
            size="small"
            aria-label="Resultado de la importación"
            dataSource={rows.map((row, key) => ({ ...row, key }))}
            pagination={{
              pageSize: IMPORT_RESULTS_PAGE_SIZE,
              showSizeChanger: false,
              hideOnSinglePage: true,
            }}
            columns={[
              { title: 'Número o nombre', dataIndex: 'number', key: 'number' },
              {
                title: 'Estado',
                dataIndex: 'status',
                key: 'status',
                render: (status: ImportResultRow['status']) => (
                  <Tag color={STATUS_TAGS[status].color}>{STATUS_TAGS[status].label}</Tag>
                ),
              },
              { title: 'Mensaje', dataIndex: 'message', key: 'message' },
            ]}
          />
          <div className="contacts-modal-actions">
            <Button type="primary" onClick={() => onClose(true)}>
              Continuar
            </Button>
          </div>
        </Space>
      )}
    </Modal>
  );
}
