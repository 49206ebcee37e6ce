import type { ContactsFilter, ExportFormat } from '@crm/shared';
import { Button, Modal, Space } from 'antd';
import { useState } from 'react';
import { handleError } from '../../../lib/errors';
import { exportContacts } from '../api/contacts.api';

/** 02 §2 'Exportar': PDF, CSV or XLSX of the current filters, or 'Cancelar'. */
export function ExportButton({ filter }: { filter: ContactsFilter }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  async function run(format: ExportFormat) {
    setBusy(format);
    try {
      await exportContacts(format, filter);
      setOpen(false);
    } catch (error) {
      handleError(error);
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <Button onClick={() => setOpen(true)}>Exportar</Button>
      <Modal
        open={open}
        title="Exportar contactos"
        onCancel={() => setOpen(false)}
        footer={<Button onClick={() => setOpen(false)}>Cancelar</Button>}
      >
        <p>Se exportan los contactos con los filtros actuales.</p>
        <Space>
          {(['pdf', 'csv', 'xlsx'] as const).map((format) => (
            <Button
              key={format}
              type="primary"
              loading={busy === format}
              disabled={busy !== null && busy !== format}
              onClick={() => run(format)}
            >
              {format.toUpperCase()}
            </Button>
          ))}
        </Space>
      </Modal>
    </>
  );
}
