import { Button, Popconfirm, Space } from 'antd';

interface RowActionsProps {
  /** Omitted: the row cannot be edited. */
  onEdit?: () => void;
  /** Omitted: the row cannot be deleted. */
  onDelete?: () => void;
  deleteQuestion: string;
  deleteDescription?: string;
  deleteDisabled?: boolean;
}

/** 'Editar' and a confirmed 'Eliminar' for a row of a configuration list. */
export function RowActions({
  onEdit,
  onDelete,
  deleteQuestion,
  deleteDescription,
  deleteDisabled,
}: RowActionsProps) {
  return (
    <Space>
      {onEdit && (
        <Button size="small" onClick={onEdit}>
          Editar
        </Button>
      )}
      {onDelete && (
        <Popconfirm
          title={deleteQuestion}
          description={deleteDescription}
          okText="Eliminar"
          cancelText="Cancelar"
          onConfirm={onDelete}
        >
          <Button size="small" danger disabled={deleteDisabled}>
            Eliminar
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
