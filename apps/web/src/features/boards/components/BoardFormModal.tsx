import { BOARD_LIMITS, BOARD_MESSAGES, type BoardSummary } from '@crm/shared';
import { Button, Form, Input, Modal, Space } from 'antd';
import { useEffect, useState } from 'react';
import { handleFormError } from '../../../lib/errors';
import type { CreateBoardInput } from '../api/boards.rest';
import { BOARD_TEXTS } from '../boardTexts';

/** The columns a new board starts with (they can be changed in the form). */
export const DEFAULT_COLUMNS = ['Nuevos', 'En negociación', 'Cerrados'];

interface FormValues {
  name: string;
  description?: string;
  columns?: Array<{ name: string }>;
}

const nameRules = [
  { required: true, whitespace: true, message: BOARD_MESSAGES.nameRequired },
  { max: BOARD_LIMITS.nameMax, message: BOARD_MESSAGES.nameTooLong },
];
const descriptionRules = [{ max: BOARD_LIMITS.descriptionMax, message: BOARD_MESSAGES.descriptionTooLong }];

/** 'Nuevo tablero' (name, description, first columns) or the rename/describe form of an existing board. */
export function BoardFormModal({
  open,
  board,
  onClose,
  onSubmit,
}: {
  open: boolean;
  /** The board edited; null creates one. */
  board: Pick<BoardSummary, 'name' | 'description'> | null;
  onClose: () => void;
  onSubmit: (input: CreateBoardInput) => Promise<void>;
}) {
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      board
        ? { name: board.name, description: board.description ?? '' }
        : { name: '', description: '', columns: DEFAULT_COLUMNS.map((name) => ({ name })) },
    );
  }, [open, board, form]);

  const submit = async (values: FormValues) => {
    setSaving(true);
    try {
      await onSubmit({
        name: values.name.trim(),
        description: values.description?.trim() || null,
        ...(board ? {} : { columns: (values.columns ?? []).map((column) => ({ name: column.name.trim() })) }),
      });
    } catch (error) {
      handleFormError(form, error, ['name', 'description']);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={board ? BOARD_TEXTS.editBoard : BOARD_TEXTS.newBoard}
      okText={board ? BOARD_TEXTS.save : BOARD_TEXTS.create}
      cancelText={BOARD_TEXTS.cancel}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item name="name" label={BOARD_TEXTS.name} rules={nameRules}>
          <Input maxLength={BOARD_LIMITS.nameMax} />
        </Form.Item>
        <Form.Item name="description" label={BOARD_TEXTS.description} rules={descriptionRules}>
          <Input.TextArea maxLength={BOARD_LIMITS.descriptionMax} rows={2} />
        </Form.Item>
        {!board && (
          <Form.List name="columns">
            {(fields, { add, remove }) => (
              <fieldset className="board-form-columns">
                <legend>{BOARD_TEXTS.columns}</legend>
                {fields.map((field, index) => (
                  <Space key={field.key} align="baseline">
                    <Form.Item name={[field.name, 'name']} rules={nameRules}>
                      <Input
                        aria-label={`${BOARD_TEXTS.columnName} ${index + 1}`}
                        maxLength={BOARD_LIMITS.nameMax}
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      onClick={() => remove(field.name)}
                      aria-label={`${BOARD_TEXTS.removeColumn} ${index + 1}`}
                    >
                      ✕
                    </Button>
                  </Space>
                ))}
                <Button
                  type="dashed"
                  onClick={() => add({ name: '' })}
                  disabled={fields.length >= BOARD_LIMITS.columnsMax}
                >
                  {BOARD_TEXTS.addColumn}
                </Button>
              </fieldset>
            )}
          </Form.List>
        )}
      </Form>
    </Modal>
  );
}
