import { Checkbox, Empty, Modal, Space } from 'antd';
import { useEffect, useState } from 'react';
import { ColorTag } from '../../layout/components/ColorTag';

interface TagOption {
  id: number;
  name: string;
  color: string;
}

interface TagSelectModalProps {
  open: boolean;
  tags: TagOption[];
  selected: number[];
  onApply: (ids: number[]) => void;
  onCancel: () => void;
}

/** 02 §2: the tag selection screen as the contacts panel uses it — an 'Aplicar' button, no contact counts. */
export function TagSelectModal({ open, tags, selected, onApply, onCancel }: TagSelectModalProps) {
  const [chosen, setChosen] = useState<number[]>(selected);
  useEffect(() => {
    if (open) setChosen(selected);
  }, [open, selected]);
  return (
    <Modal
      open={open}
      title="Seleccionar Etiquetas"
      okText="Aplicar"
      cancelText="Cancelar"
      onOk={() => onApply(chosen)}
      onCancel={onCancel}
    >
      {tags.length === 0 ? (
        <Empty description="No hay etiquetas" />
      ) : (
        <Checkbox.Group value={chosen} onChange={(values) => setChosen(values as number[])}>
          <Space orientation="vertical">
            {tags.map((tag) => (
              <Checkbox key={tag.id} value={tag.id}>
                <ColorTag color={tag.color}>{tag.name}</ColorTag>
              </Checkbox>
            ))}
          </Space>
        </Checkbox.Group>
      )}
    </Modal>
  );
}
