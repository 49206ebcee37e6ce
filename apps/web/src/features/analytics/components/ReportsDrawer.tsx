import { useMutation, useQuery } from '@apollo/client/react';
import {
  REPORT_FREQUENCIES,
  REPORT_FREQUENCY_LABELS,
  type ReportFrequency,
  reportNameError,
  validateEmail,
} from '@crm/shared';
import { Button, Drawer, Form, Input, Select, Space, Switch, Table, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { handleError, handleFormError } from '../../../lib/errors';
import { ruleFrom } from '../../../lib/form-rules';
import { toast } from '../../../lib/toast';
import { DeleteConfirm } from '../../layout/components/DeleteConfirm';
import {
  CREATE_REPORT,
  DELETE_REPORTS,
  REPORT_RECIPIENTS_QUERY,
  type ReportRecipientRow,
  UPDATE_REPORT,
} from '../api/reports.graphql';

interface RecipientForm {
  name: string;
  email: string;
  frequency: ReportFrequency;
  isActive: boolean;
}

const FORM_FIELDS = ['name', 'email', 'frequency', 'isActive'] as const;
const EMPTY_FORM: RecipientForm = { name: '', email: '', frequency: 'WEEKLY', isActive: true };
const FREQUENCY_OPTIONS = REPORT_FREQUENCIES.map((value) => ({
  value,
  label: REPORT_FREQUENCY_LABELS[value],
}));

const frequencyLabel = (value: string) =>
  (REPORT_FREQUENCY_LABELS as Record<string, string | undefined>)[value] ?? value;

/** 'Reportes por correo' (writeCompany): who receives the statistics by e-mail, and how often. */
export function ReportsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const reports = useQuery(REPORT_RECIPIENTS_QUERY, { skip: !open });
  const [createReport, creating] = useMutation(CREATE_REPORT);
  const [updateReport, updating] = useMutation(UPDATE_REPORT);
  const [deleteReports, deleting] = useMutation(DELETE_REPORTS);
  const [form] = Form.useForm<RecipientForm>();
  const [editing, setEditing] = useState<ReportRecipientRow | null>(null);
  const [selected, setSelected] = useState<string[]>([]);

  useEffect(() => {
    if (reports.error) handleError(reports.error);
  }, [reports.error]);

  const rows = reports.data?.reports ?? [];

  function startEdit(row: ReportRecipientRow) {
    setEditing(row);
    form.setFieldsValue({
      name: row.name,
      email: row.email,
      frequency: row.frequency as ReportFrequency,
      isActive: row.isActive,
    });
  }

  function resetForm() {
    setEditing(null);
    form.setFieldsValue(EMPTY_FORM);
  }

  async function save(values: RecipientForm) {
    const input = { ...values, name: values.name.trim(), email: values.email.trim() };
    try {
      if (editing) {
        await updateReport({ variables: { id: editing.id, input } });
        toast.success('Destinatario actualizado');
      } else {
        await createReport({ variables: { input } });
        toast.success('Destinatario agregado');
      }
      resetForm();
      await reports.refetch();
    } catch (error) {
      handleFormError(form, error, FORM_FIELDS);
    }
  }

  async function toggleActive(row: ReportRecipientRow, isActive: boolean) {
    try {
      await updateReport({ variables: { id: row.id, input: { isActive } } });
      await reports.refetch();
    } catch (error) {
      handleError(error);
    }
  }

  async function removeSelected() {
    try {
      await deleteReports({ variables: { emails: selected } });
      toast.success(selected.length === 1 ? 'Destinatario eliminado' : 'Destinatarios eliminados');
      if (editing && selected.includes(editing.email)) resetForm();
      setSelected([]);
      await reports.refetch();
    } catch (error) {
      handleError(error);
    }
  }

  const columns: TableColumnsType<ReportRecipientRow> = [
    { title: 'Nombre', dataIndex: 'name', key: 'name' },
    { title: 'Correo', dataIndex: 'email', key: 'email' },
    { title: 'Frecuencia', key: 'frequency', render: (_, row) => frequencyLabel(row.frequency) },
    {
      title: 'Activo',
      key: 'isActive',
      render: (_, row) => (
        <Switch
          size="small"
          checked={row.isActive}
          aria-label={`Activo: ${row.email}`}
          onChange={(checked) => toggleActive(row, checked)}
        />
      ),
    },
    {
      title: 'Acciones',
      key: 'actions',
      render: (_, row) => (
        <Button type="link" size="small" aria-label={`Editar ${row.email}`} onClick={() => startEdit(row)}>
          Editar
        </Button>
      ),
    },
  ];

  return (
    <Drawer title="Reportes por correo" open={open} onClose={onClose} size={720} destroyOnHidden>
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Table<ReportRecipientRow>
          size="small"
          rowKey="email"
          columns={columns}
          dataSource={rows}
          loading={reports.loading}
          caption="Destinatarios de reportes"
          pagination={false}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(String)),
            getCheckboxProps: (row) => ({ 'aria-label': `Seleccionar ${row.email}` }),
          }}
          locale={{ emptyText: 'Sin destinatarios' }}
        />
        <DeleteConfirm
          title={`¿Eliminar ${selected.length === 1 ? 'el destinatario seleccionado' : `los ${selected.length} destinatarios seleccionados`}?`}
          description="Dejarán de recibir el reporte por correo."
          label="Eliminar seleccionados"
          icon
          disabled={selected.length === 0}
          loading={deleting.loading}
          onConfirm={removeSelected}
        />
        <Form<RecipientForm>
          form={form}
          layout="vertical"
          initialValues={EMPTY_FORM}
          onFinish={save}
          aria-label={editing ? 'Editar destinatario' : 'Agregar destinatario'}
        >
          <h3 className="analytics-section-title">
            {editing ? 'Editar destinatario' : 'Agregar destinatario'}
          </h3>
          <Form.Item label="Nombre" name="name" rules={[ruleFrom(reportNameError)]}>
            <Input maxLength={120} />
          </Form.Item>
          <Form.Item label="Correo" name="email" rules={[ruleFrom(validateEmail)]}>
            <Input type="email" />
          </Form.Item>
          <Form.Item label="Frecuencia" name="frequency">
            <Select<ReportFrequency> options={FREQUENCY_OPTIONS} aria-label="Frecuencia" />
          </Form.Item>
          <Form.Item label="Activo" name="isActive" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={creating.loading || updating.loading}>
              {editing ? 'Guardar' : 'Agregar'}
            </Button>
            {editing && <Button onClick={resetForm}>Cancelar</Button>}
          </Space>
        </Form>
      </Space>
    </Drawer>
  );
}
