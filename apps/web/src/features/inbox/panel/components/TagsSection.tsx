import { CloseOutlined } from '@ant-design/icons';
import { useQuery } from '@apollo/client/react';
import type { ConversationTagView } from '@crm/shared';
import { Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { ColorTag } from '../../../layout/components/ColorTag';
import { TAGS_QUERY } from '../api/panel.graphql';
import { PanelSection } from './PanelSection';

interface TagsSectionProps {
  tags: ConversationTagView[];
  /** tagConversations: without it the chips are read-only. */
  canEdit: boolean;
  busy: boolean;
  onAdd: (tagId: number) => void;
  onRemove: (tagId: number) => void;
}

export function TagsSection({ tags, canEdit, busy, onAdd, onRemove }: TagsSectionProps) {
  const { data, loading } = useQuery(TAGS_QUERY, { skip: !canEdit });
  // The picker only starts an action; a new key empties it after each pick.
  const [pickerKey, setPickerKey] = useState(0);

  const options = useMemo(() => {
    const held = new Set(tags.map((tag) => tag.id));
    return (data?.tags ?? [])
      .filter((tag) => !held.has(tag.id))
      .map((tag) => ({ value: tag.id, label: tag.name }));
  }, [data, tags]);

  return (
    <PanelSection title="Etiquetas">
      <div className="client-info-tags">
        {tags.length === 0 && <Typography.Text type="secondary">Sin etiquetas</Typography.Text>}
        {tags.map((tag) => (
          <ColorTag
            key={tag.id}
            color={tag.color}
            data-testid="tag-chip"
            variant="solid"
            closable={canEdit && !busy}
            closeIcon={canEdit ? <CloseOutlined aria-label={`Quitar etiqueta ${tag.name}`} /> : undefined}
            onClose={(event) => {
              // The chip goes when the server confirms, not before.
              event.preventDefault();
              onRemove(tag.id);
            }}
          >
            {tag.name}
          </ColorTag>
        ))}
      </div>
      {canEdit && (
        <Select<number>
          key={pickerKey}
          data-testid="tag-select"
          aria-label="Agregar etiqueta"
          placeholder="Agregar etiqueta"
          className="client-info-select"
          options={options}
          loading={loading || busy}
          disabled={busy}
          showSearch={{ optionFilterProp: 'label' }}
          notFoundContent="No hay más etiquetas"
          onChange={(tagId) => {
            setPickerKey((key) => key + 1);
            onAdd(tagId);
          }}
        />
      )}
    </PanelSection>
  );
}
