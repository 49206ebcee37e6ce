import { HOME_ROUTE } from '@crm/shared';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../features/layout/hooks/useDocumentTitle';

export function NotFoundPage() {
  const navigate = useNavigate();
  useDocumentTitle('Página no encontrada');
  return (
    <Result
      status="404"
      title="Página no encontrada"
      subTitle="La dirección que abriste no existe."
      extra={
        <Button type="primary" onClick={() => navigate(HOME_ROUTE)}>
          Ir al chat
        </Button>
      }
    />
  );
}
