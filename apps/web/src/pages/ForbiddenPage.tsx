import { HOME_ROUTE } from '@crm/shared';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useDocumentTitle } from '../features/layout/hooks/useDocumentTitle';

export function ForbiddenPage() {
  const navigate = useNavigate();
  useDocumentTitle('Acceso denegado');
  return (
    <main className="status-page">
      <Result
        status="403"
        title="No tienes permiso para ver esta página"
        subTitle="Si crees que necesitas acceso, pide a un administrador de tu empresa que revise tu rol."
        extra={
          <Button type="primary" onClick={() => navigate(HOME_ROUTE)}>
            Volver al chat
          </Button>
        }
      />
    </main>
  );
}
