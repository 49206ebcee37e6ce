import { useQuery } from '@apollo/client/react';
import { Skeleton, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { subscribeRealtime } from '../../../../lib/socket';
import { CLIENT_INFOS_QUERY, DATASHEET_FIELDS_QUERY } from '../api/panel.graphql';
import { valuesByField } from '../datasheet';
import { DatasheetFieldEditor } from './DatasheetFieldEditor';
import { PanelSection } from './PanelSection';

// 02 §8: the client info read failure text.
const READ_ERROR = 'Error al obtener información del cliente';

/** The company's data-sheet fields with this conversation's values (02 §3 Data-sheet field configuration). */
export function DatasheetSection({ clientId }: { clientId: number }) {
  const fields = useQuery(DATASHEET_FIELDS_QUERY);
  const infos = useQuery(CLIENT_INFOS_QUERY, { variables: { clientId } });
  const values = useMemo(() => valuesByField(infos.data?.clientInfos ?? []), [infos.data]);
  const { refetch } = infos;
  // Someone else saved a value of this conversation: read them again.
  useEffect(
    () =>
      subscribeRealtime('openClient', ({ client, reason }) => {
        if (client.id === clientId && reason === 'info') void refetch().catch(() => undefined);
      }),
    [clientId, refetch],
  );

  let body: ReactNode;
  if (fields.error || infos.error) {
    body = <Typography.Text type="danger">{READ_ERROR}</Typography.Text>;
  } else if (!fields.data || !infos.data) {
    body = <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  } else if (fields.data.datasheetFields.length === 0) {
    body = <Typography.Text type="secondary">No hay campos configurados</Typography.Text>;
  } else {
    body = fields.data.datasheetFields.map((field) => (
      <DatasheetFieldEditor
        // A new value from the server (another user's edit) starts the editor again from it.
        key={`${field.id}:${values.get(field.id) ?? ''}`}
        clientId={clientId}
        field={field}
        initialValue={values.get(field.id) ?? ''}
      />
    ));
  }

  return (
    <PanelSection title="Datos del cliente" testId="datasheet">
      <div className="client-info-fields">{body}</div>
    </PanelSection>
  );
}
