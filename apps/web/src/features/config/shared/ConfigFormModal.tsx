import { Form, type FormInstance, type FormProps, Modal } from 'antd';
import type { ReactNode } from 'react';

interface ConfigFormModalProps<F> {
  form: FormInstance<F>;
  open: boolean;
  title: string;
  saving: boolean;
  onSave: (values: F) => void;
  onCancel: () => void;
  /** The values the form opens with (the editor's `initialValues`). */
  initialValues?: F;
  /** The form's name: its fields' ids (and so their labels) are unique on a page with several such dialogs. */
  name?: string;
  width?: number;
  children: ReactNode;
}

/** A configuration list's create/edit dialog: its form, 'Guardar' submitting it, 'Cancelar' closing it. */
export function ConfigFormModal<F extends object>({
  form,
  open,
  title,
  saving,
  onSave,
  onCancel,
  initialValues,
  name,
  width,
  children,
}: ConfigFormModalProps<F>) {
  return (
    <Modal
      open={open}
      width={width}
      title={title}
      okText="Guardar"
      cancelText="Cancelar"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form<F>
        form={form}
        name={name}
        layout="vertical"
        onFinish={onSave}
        initialValues={initialValues as FormProps<F>['initialValues']}
      >
        {children}
      </Form>
    </Modal>
  );
}
