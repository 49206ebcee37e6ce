import {
  IMPORT_MAX_CONTACTS,
  IMPORT_RESULTS_PAGE_SIZE,
  type ImportContactsResult,
  type ImportResultRow,
} from '@crm/shared';
import { Alert, Button, Modal, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { resolveError } from '../../../lib/errors';
import { subscribeRealtime } from '../../../lib/socket';
import { toast } from '../../../lib/toast';
import { downloadImportTemplate, importContacts } from '../api/contacts.api';

export type ImportStep = 'instructions' | 'channel' | 'upload' | 'result';

interface ChannelOption {
  id: number;
  name: string;
}

interface ImportContactsFlowProps {
  open: boolean;
  channels: ChannelOption[];
  onClose: (imported: boolean) => void;
}

const STATUS_COLORS: Record<ImportResultRow['status'], string> = {
  creado: 'green',
  duplicado: 'gold',
  error: 'red',
};

/** 02 §7: progress text turns white above 40 %, where the bar is under it. */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div
      role="progressbar"
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-label={label}
      style={{
        position: 'relative',
        height: 24,
        borderRadius: 12,
        background: '#f0f0f0',
        overflow: 'hidden',
      }}
    >
      <div style={{ width: `${value}%`, height: '100%', background: '#1677ff', transition: 'width 0.2s' }} />
      <span
        style={{
          position: 'absolute',
          inset: 0,
          textAlign: 'center',
          lineHeight: '24px',
          fontSize: 12,
          color: value > 40 ? '#ffffff' : '#262626',
        }}
      >
        {label} {value}%
      </span>
    </div>
  );
}

/** The example a person fills in: the template's first columns with one contact. */
function ExampleSheet() {
  const header = ['Nombre', 'Apellido', 'Teléfono', 'Etiquetas', 'Correo del agente', 'Ciudad'];
  const row = ['María', 'García', '5215512345678', 'Cliente nuevo, VIP', 'ana@empresa.com', 'CDMX'];
  const cell = {
    border: '1px solid #d9d9d9',
    padding: '2px 8px',
    fontSize: 12,
    whiteSpace: 'nowrap',
  } as const;
  return (
    <figure style={{ margin: 0, overflowX: 'auto' }} aria-label="Ejemplo de archivo">
      <table style={{ borderCollapse: 'collapse', background: '#fff' }}>
        <thead>
          <tr>
            {header.map((h) => (
              <th key={h} style={{ ...cell, background: '#e6f4ff' }}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {row.map((value, i) => (
              <td key={header[i]} style={cell}>
                {value}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      <figcaption style={{ fontSize: 12, color: '#8c8c8c' }}>Ejemplo de archivo</figcaption>
    </figure>
  );
}

/** 02 §2 import flow: instructions, channel choice, upload with a percentage bar, result table. */
export function ImportContactsFlow({ open, channels, onClose }: ImportContactsFlowProps) {
  const [step, setStep] = useState<ImportStep>('instructions');
  const [channelId, setChannelId] = useState<number | undefined>(undefined);
  const [uploading, setUploading] = useState(false);
  const [phase, setPhase] = useState<'upload' | 'process'>('upload');
  const [percent, setPercent] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportContactsResult | null>(null);

  useEffect(() => {
    if (!open) return;
    setStep('instructions');
    setChannelId(channels[0]?.id);
    setUploading(false);
    setPercent(0);
    setError(null);
    setResult(null);
  }, [open, channels]);

  useEffect(() => {
    if (!uploading) return;
    return subscribeRealtime('progressBar', (payload) => {
      setPhase('process');
      setPercent(payload.progress);
    });
  }, [uploading]);

  async function upload(file: File) {
    if (channelId === undefined) return;
    setError(null);
    setUploading(true);
    setPhase('upload');
    setPercent(0);
    try {
      const answer = await importContacts(file, channelId, (p) => {
        setPercent(p);
        if (p >= 100) {
          setPhase('process');
          setPercent(0);
        }
      });
      setResult(answer);
      setStep('result');
    } catch (cause) {
      const resolved = resolveError(cause);
      // 02 §8: the toast of a failed import; the reason (too many rows, not a spreadsheet…) stays on screen.
      toast.error('Error importing contacts');
      setError(resolved.userMessage);
    } finally {
      setUploading(false);
    }
  }

  const created = result?.newClientsDataResult.filter((r) => r.status === 'creado').length ?? 0;
  const duplicated = result?.newClientsDataResult.filter((r) => r.status === 'duplicado').length ?? 0;
  const failed = result?.newClientsDataResult.filter((r) => r.status === 'error').length ?? 0;

  return (
    <Modal
      open={open}
      width={720}
      title="Importar contactos"
      onCancel={() => !uploading && onClose(result !== null)}
      maskClosable={false}
      footer={null}
      destroyOnHidden
    >
      {step === 'instructions' && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Paragraph>
            Sube un archivo .xlsx o .csv con hasta {IMPORT_MAX_CONTACTS} contactos. La primera fila lleva los
            encabezados y cada fila siguiente un contacto, con las columnas en este orden:
          </Typography.Paragraph>
          <ol style={{ margin: 0 }}>
            <li>Nombre</li>
            <li>Apellido</li>
            <li>Teléfono con código de país (México 521…, Argentina 549…)</li>
            <li>Etiquetas separadas por comas (las que no existan se crean)</li>
            <li>Correo del agente que atenderá al contacto (si está vacío, se te asigna a ti)</li>
            <li>
              A partir de la sexta columna, campos de la ficha del contacto: el encabezado es el nombre del
              campo
            </li>
          </ol>
          <ExampleSheet />
          <Button
            type="link"
            style={{ padding: 0 }}
            onClick={() => downloadImportTemplate().catch(handleDownloadError)}
          >
            Descargar plantilla
          </Button>
          <div style={{ textAlign: 'right' }}>
            <Button type="primary" onClick={() => setStep('channel')}>
              Continuar
            </Button>
          </div>
        </Space>
      )}

      {step === 'channel' && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Text strong>Selecciona un canal para importar tus contactos</Typography.Text>
          <Select
            aria-label="Canal"
            style={{ width: '100%' }}
            value={channelId}
            onChange={setChannelId}
            options={channels.map((c) => ({ value: c.id, label: c.name }))}
            placeholder="Canal"
          />
          <div style={{ textAlign: 'right' }}>
            <Space>
              <Button onClick={() => setStep('instructions')}>Atrás</Button>
              <Button type="primary" disabled={channelId === undefined} onClick={() => setStep('upload')}>
                Continuar
              </Button>
            </Space>
          </div>
        </Space>
      )}

      {step === 'upload' && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Upload.Dragger
            accept=".xlsx,.csv"
            multiple={false}
            showUploadList={false}
            disabled={uploading}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <p style={{ fontSize: 16, margin: 0 }}>Arrastra aquí tu archivo o haz clic para elegirlo</p>
            <p style={{ color: '#8c8c8c', margin: 0 }}>.xlsx o .csv, hasta {IMPORT_MAX_CONTACTS} contactos</p>
          </Upload.Dragger>
          {uploading && (
            <ProgressBar
              percent={percent}
              label={phase === 'upload' ? 'Subiendo archivo' : 'Importando contactos'}
            />
          )}
          {error && <Alert type="error" showIcon message={error} />}
          <div style={{ textAlign: 'right' }}>
            <Button disabled={uploading} onClick={() => setStep('channel')}>
              Atrás
            </Button>
          </div>
        </Space>
      )}

      {step === 'result' && result && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Alert
            type={
              result.finalStatus === 'success'
                ? 'success'
                : result.finalStatus === 'partial'
                  ? 'warning'
                  : 'error'
            }
            showIcon
            message={`Contactos creados: ${created}. Duplicados: ${duplicated}. Con error: ${failed}.`}
          />
          <Table<ImportResultRow & { key: number }>
            size="small"
            dataSource={result.newClientsDataResult.map((row, key) => ({ ...row, key }))}
            pagination={{
              pageSize: IMPORT_RESULTS_PAGE_SIZE,
              showSizeChanger: false,
              hideOnSinglePage: true,
            }}
            columns={[
              { title: 'Número o nombre', dataIndex: 'number' },
              {
                title: 'Estado',
                dataIndex: 'status',
                render: (status: ImportResultRow['status']) => (
                  <Tag color={STATUS_COLORS[status]}>{status}</Tag>
                ),
              },
              { title: 'Mensaje', dataIndex: 'message' },
            ]}
          />
          <div style={{ textAlign: 'right' }}>
            <Button type="primary" onClick={() => onClose(true)}>
              Continuar
            </Button>
          </div>
        </Space>
      )}
    </Modal>
  );
}

function handleDownloadError(error: unknown): void {
  toast.error(resolveError(error).userMessage);
}
