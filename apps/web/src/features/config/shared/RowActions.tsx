import { Button, Space } from 'antd';
import { DeleteConfirm } from '../../layout/components/DeleteConfirm';

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
        <DeleteConfirm
          title={deleteQuestion}
          description={deleteDescription}
          onConfirm={onDelete}
          size="small"
          disabled={deleteDisabled}
        />
      )}
    </Space>
  );
}
