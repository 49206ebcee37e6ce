import { EditOutlined, FileOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@apollo/client/react';
import { ERROR_CATALOGUE, formatFileSize, formatMediumDateTime } from '@crm/shared';
import { Button, Card, Empty, Input, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { handleErrorAs } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useDebounced } from '../../../lib/useDebounced';
import { useAccess } from '../../access/hooks/useAccess';
import { DeleteConfirm } from '../../layout/components/DeleteConfirm';
import { PageHeader } from '../../layout/components/PageHeader';
import { useCompanyTimeZone } from '../../session/hooks/useCompanyTimeZone';
import { useSession } from '../../session/hooks/useSession';
import { canWriteQuickAnswers } from '../access';
import {
  ADMIN_QUICK_ANSWERS_QUERY,
  type AdminQuickAnswer,
  DELETE_QUICK_ANSWER_MUTATION,
  type QuickAnswerOrder,
  toAdminQuickAnswer,
} from '../api/quickAnswersAdmin.graphql';
import { QuickAnswerText } from './QuickAnswerText';
import '../quickAnswersAdmin.css';

export const ORDER_OPTIONS: Array<{ value: QuickAnswerOrder; label: string }> = [
  { value: 'desc', label: 'Más recientes primero' },
  { value: 'asc', label: 'Más antiguas primero' },
];

/** /quickAnswers: the selected space's answers, searched and ordered by creation date (02 §7). */
export function QuickAnswersList() {
  const { me } = useSession();
  const { permissions } = useAccess();
  const timeZone = useCompanyTimeZone();
  const canWrite = canWriteQuickAnswers(permissions);
  const [search, setSearch] = useState('');
  const [order, setOrder] = useState<QuickAnswerOrder>('desc');
  const keyword = useDebounced(search.trim(), 300);
  const spaceId = me.selectedSpaceId;
  const spaceName = me.spaces.find((space) => space.id === spaceId)?.name;
  const { data, previousData, loading, error, refetch } = useQuery(ADMIN_QUICK_ANSWERS_QUERY, {
    variables: { spaceId, order, search: keyword === '' ? null : keyword },
  });
  const [deleteAnswer] = useMutation(DELETE_QUICK_ANSWER_MUTATION);
  // While a new search loads, the rows shown stay (no flash, and an open confirmation stays attached).
  const rows = (data ?? previousData)?.quickAnswers;
  const answers = useMemo(() => (rows ?? []).map(toAdminQuickAnswer), [rows]);

  // 02 §8 ERROR_GETTING_QUICK_ANSWERS / ERROR_DELETING_QUICK_ANSWER when the server names no other reason.
  useEffect(() => {
    if (error) handleErrorAs(error, ERROR_CATALOGUE.ERROR_GETTING_QUICK_ANSWERS.userMessage);
  }, [error]);

  const remove = async (answer: AdminQuickAnswer) => {
    try {
      await deleteAnswer({ variables: { id: answer.id } });
      toast.success(`Respuesta rápida /${answer.shortcut} eliminada`);
      await refetch();
    } catch (cause) {
      handleErrorAs(cause, ERROR_CATALOGUE.ERROR_DELETING_QUICK_ANSWER.userMessage);
    }
  };

  const columns: ColumnsType<AdminQuickAnswer> = [
    {
      title: 'Atajo',
      dataIndex: 'shortcut',
      width: 180,
      render: (shortcut: string) => <Typography.Text code>/{shortcut}</Typography.Text>,
    },
    {
      title: 'Respuesta',
      dataIndex: 'text',
      render: (text: string, answer) => (
        <div>
          {text ? (
            <QuickAnswerText text={text} />
          ) : (
            <Typography.Text type="secondary">Solo archivo</Typography.Text>
          )}
          {answer.file ? (
            <div className="qa-file-line">
              <FileOutlined /> {answer.file.name ?? 'Archivo'}
              {typeof answer.file.weight === 'number' ? ` · ${formatFileSize(answer.file.weight)}` : ''}
            </div>
          ) : null}
        </div>
      ),
    },
    {
      title: 'Usos',
      dataIndex: 'frecuency',
      width: 80,
      align: 'right',
    },
    {
      title: 'Último uso',
      dataIndex: 'lastUse',
      width: 190,
      render: (lastUse: string | null) => (lastUse ? formatMediumDateTime(lastUse, timeZone) : 'Nunca'),
    },
    {
      title: 'Creada',
      dataIndex: 'createdAt',
      width: 190,
      render: (createdAt: string) => formatMediumDateTime(createdAt, timeZone),
    },
    ...(canWrite
      ? [
          {
            title: 'Acciones',
            key: 'actions',
            width: 200,
            render: (_: unknown, answer: AdminQuickAnswer) => (
              <Space>
                <Link to={`/quickAnswers/new?id=${answer.id}`} aria-label={`Editar /${answer.shortcut}`}>
                  <EditOutlined /> Editar
                </Link>
                <DeleteConfirm
                  title={`¿Eliminar la respuesta rápida /${answer.shortcut}?`}
                  onConfirm={() => remove(answer)}
                  type="link"
                  icon
                  ariaLabel={`Eliminar /${answer.shortcut}`}
                />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="page" data-testid="quick-answers-page">
      <PageHeader
        title="Respuestas rápidas"
        description={
          spaceName
            ? `Espacio ${spaceName}. Escribe / seguido del atajo en el chat para usarlas.`
            : 'Escribe / seguido del atajo en el chat para usarlas.'
        }
        extra={
          canWrite ? (
            <Link to="/quickAnswers/new">
              <Button type="primary" icon={<PlusOutlined />}>
                Nueva respuesta rápida
              </Button>
            </Link>
          ) : null
        }
      />
      <Card>
        <div className="qa-toolbar">
          <Input.Search
            allowClear
            placeholder="Buscar por atajo o texto"
            aria-label="Buscar respuestas rápidas"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="qa-search"
          />
          <Select
            aria-label="Orden"
            value={order}
            options={ORDER_OPTIONS}
            onChange={(value) => setOrder(value)}
            className="qa-order"
          />
        </div>
        <Table<AdminQuickAnswer>
          rowKey="id"
          size="middle"
          loading={loading && answers.length === 0}
          columns={columns}
          dataSource={answers}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          locale={{
            emptyText: (
              <Empty
                description={
                  keyword
                    ? 'Ninguna respuesta rápida coincide con la búsqueda'
                    : 'Aún no hay respuestas rápidas en este espacio'
                }
              />
            ),
          }}
          data-testid="quick-answers-table"
        />
      </Card>
    </div>
  );
}
