import { DeleteOutlined } from '@ant-design/icons';
import { Button, type ButtonProps, Popconfirm } from 'antd';
import type { ReactNode } from 'react';

interface DeleteConfirmProps {
  /** The question, naming what goes: '¿Eliminar la plantilla …?'. */
  title: ReactNode;
  /** What else goes with it, under the question. */
  description?: ReactNode;
  /** A returned promise keeps the confirmation's button loading until it settles (antd waits on it). */
  onConfirm: () => void;
  /** The button's accessible name, for rows where 'Eliminar' alone does not say what goes. */
  ariaLabel?: string;
  /** Link in lists and cards, text on cards, the default button in small tables. */
  type?: ButtonProps['type'];
  size?: ButtonProps['size'];
  /** Shows the bin icon before the label. */
  icon?: boolean;
  loading?: boolean;
  disabled?: boolean;
  label?: string;
  okText?: string;
  cancelText?: string;
}

/** A red 'Eliminar' button that asks before deleting; onConfirm runs only on the confirmation's 'Eliminar'. */
export function DeleteConfirm({
  title,
  description,
  onConfirm,
  ariaLabel,
  type,
  size,
  icon = false,
  loading,
  disabled,
  label = 'Eliminar',
  okText = 'Eliminar',
  cancelText = 'Cancelar',
}: DeleteConfirmProps) {
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={{ danger: true }}
      onConfirm={onConfirm}
    >
      <Button
        type={type}
        danger
        size={size}
        icon={icon ? <DeleteOutlined /> : undefined}
        loading={loading}
        disabled={disabled}
        aria-label={ariaLabel}
      >
        {label}
      </Button>
    </Popconfirm>
  );
}
