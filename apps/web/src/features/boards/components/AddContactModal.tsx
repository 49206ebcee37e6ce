import { BOARD_LIMITS, type BoardColumn, type ContactReportRow } from '@crm/shared';
import { Form, InputNumber, Modal, Select, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { handleFormError, resolveError } from '../../../lib/errors';
import { useDebounced } from '../../../lib/useDebounced';
import { fetchContactsBlock } from '../../contacts/api/contacts.api';
import { BOARD_TEXTS } from '../boardTexts';

interface AddValues {
  clientId: number;
  columnId: number;
  amount?: number | null;
}

const contactLabel = (row: ContactReportRow): string => {
  const name = [row.name ?? row.nameFromChannel, row.lastName].filter(Boolean).join(' ');
  return row.number ? `${name || row.number} · ${row.number}` : name || `#${row.id}`;
};

/** 'Agregar contacto': a contact found with the contacts search, the column it enters and an optional amount. */
export function AddContactModal({
  open,
  columns,
  onClose,
  onSubmit,
}: {
  open: boolean;
  columns: BoardColumn[];
  onClose: () => void;
  onSubmit: (values: AddValues) => Promise<void>;
}) {
  const [form] = Form.useForm<AddValues>();
  const [saving, setSaving] = useState(false);
  const [keyword, setKeyword] = useState('');
  const debounced = useDebounced(keyword, 300);
  const [options, setOptions] = useState<Array<{ value: number; label: string }>>([]);
  const [searching, setSearching] = useState(false);

  useEffect(() => {
    if (open) form.setFieldsValue({ columnId: columns[0]?.id, amount: null });
  }, [open, columns, form]);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setSearching(true);
    fetchContactsBlock({ keyword: debounced.trim() || null }, null)
      .then((page) => {
        if (!controller.signal.aborted)
          setOptions(page.clients.map((row) => ({ value: row.id, label: contactLabel(row) })));
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          form.setFields([{ name: 'clientId', errors: [resolveError(error).userMessage] }]);
      })
      .finally(() => {
        if (!controller.signal.aborted) setSearching(false);
      });
    return () => controller.abort();
  }, [open, debounced, form]);

  const submit = async (values: AddValues) => {
    setSaving(true);
    try {
      await onSubmit(values);
      form.resetFields();
    } catch (error) {
      handleFormError(form, error, ['clientId', 'columnId', 'amount']);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={BOARD_TEXTS.addContact}
      okText={BOARD_TEXTS.addContact}
      cancelText={BOARD_TEXTS.cancel}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item
          name="clientId"
          label={BOARD_TEXTS.contact}
          rules={[{ required: true, message: BOARD_TEXTS.searchContact }]}
        >
          <Select
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            options={options}
            placeholder={BOARD_TEXTS.searchContact}
            notFoundContent={searching ? <Spin size="small" /> : null}
            aria-label={BOARD_TEXTS.contact}
          />
        </Form.Item>
        <Form.Item name="columnId" label={BOARD_TEXTS.column} rules={[{ required: true }]}>
          <Select
            options={columns.map((column) => ({ value: column.id, label: column.name }))}
            aria-label={BOARD_TEXTS.column}
          />
        </Form.Item>
        <Form.Item name="amount" label={BOARD_TEXTS.amount}>
          <InputNumber<number> min={0} max={BOARD_LIMITS.amountMax} precision={2} style={{ width: 200 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
