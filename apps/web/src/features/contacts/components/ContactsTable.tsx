import { EditOutlined } from '@ant-design/icons';
import { type ContactReportRow, contactReportColumns } from '@crm/shared';
import { Button, Empty, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ColorTag } from '../../layout/components/ColorTag';
import type { ContactsState } from '../useContacts';
import { Paginator } from './Paginator';

interface TagInfo {
  id: number;
  name: string;
  color: string;
}

interface ContactsTableProps {
  contacts: ContactsState;
  canSeePhone: boolean;
  tags: TagInfo[];
  onEditPhone: (row: ContactReportRow) => void;
}

/** 02 §2 'Más información': Mostrar/Ocultar the data-sheet values as 'name: value' lines. */
export function MoreInfo({ extraInfo }: { extraInfo: ContactReportRow['extraInfo'] }) {
  const [shown, setShown] = useState(false);
  return (
    <div className="contacts-more-info">
      <Button type="link" size="small" className="contacts-link-button" onClick={() => setShown((s) => !s)}>
        {shown ? 'Ocultar' : 'Mostrar'}
      </Button>
      {shown &&
        (extraInfo.length === 0 ? (
          <div>No hay información adicional</div>
        ) : (
          extraInfo.map((info) => (
            <div key={info.name} className="contacts-more-info-line">
              {info.name}: {info.value}
            </div>
          ))
        ))}
    </div>
  );
}

const text = (value: unknown) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

/** The contacts report table: 7 rows a page over the loaded blocks, with the 5-page paginator (02 §2, §9). */
export function ContactsTable({ contacts, canSeePhone, tags, onEditPhone }: ContactsTableProps) {
  const tagsById = new Map(tags.map((tag) => [tag.id, tag]));

  const columns: ColumnsType<ContactReportRow> = contactReportColumns(canSeePhone).map((column) => {
    if (column.key === 'tags') {
      return {
        title: column.title,
        key: column.key,
        render: (_: unknown, row: ContactReportRow) => {
          const known = row.tagIds.map((id) => tagsById.get(id));
          // Tags not in the list yet (just imported) fall back to the row's own names.
          if (known.length === 0 || known.some((tag) => tag === undefined)) return text(row.tags);
          return known.map((tag) =>
            tag ? (
              <ColorTag key={tag.id} color={tag.color}>
                {tag.name}
              </ColorTag>
            ) : null,
          );
        },
      };
    }
    if (column.key === 'number') {
      return {
        title: column.title,
        key: column.key,
        render: (_: unknown, row: ContactReportRow) =>
          row.number ? (
            <span className="contacts-number">
              {row.number}
              <Button
                type="text"
                size="small"
                icon={<EditOutlined />}
                aria-label={`Editar teléfono ${row.number}`}
                title="Editar teléfono"
                onClick={() => onEditPhone(row)}
              />
            </span>
          ) : (
            '—'
          ),
      };
    }
    return { title: column.title, dataIndex: column.key, key: column.key, render: text };
  });
  columns.push({
    title: 'Más información',
    key: 'extraInfo',
    render: (_: unknown, row: ContactReportRow) => <MoreInfo extraInfo={row.extraInfo} />,
  });

  return (
    <>
      <Table<ContactReportRow>
        rowKey="id"
        size="small"
        aria-label="Contactos"
        loading={contacts.loading}
        columns={columns}
        dataSource={contacts.pageRows}
        pagination={false}
        // Under the spinner of a first load the table stays blank rather than saying it is empty.
        locale={{
          emptyText: contacts.loading ? (
            <div className="contacts-table-loading" />
          ) : (
            <Empty description="Sin contactos" />
          ),
        }}
        scroll={{ x: 'max-content' }}
      />
      <div className="contacts-pager">
        <Paginator page={contacts.page} pageCount={contacts.pageCount} onChange={contacts.setPage} />
      </div>
    </>
  );
}
