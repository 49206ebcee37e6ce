import { ToolOutlined } from '@ant-design/icons';
import { Button, Result, Space } from 'antd';
import { Link } from 'react-router';
import { getToken } from '../../../lib/storage';
import { SUPPORT_EMAIL } from '../helpContent';

/** /maintenance (01 §2.1): shown to blocked companies; public, so it works without a session too. */
export function MaintenanceNotice() {
  const signedIn = getToken() !== null;
  return (
    <div className="page">
      <Result
        icon={<ToolOutlined />}
        title="Estamos en mantenimiento"
        subTitle="Esta sección no está disponible por el momento para tu cuenta. Vuelve a intentarlo más tarde o escríbenos si necesitas ayuda."
        extra={
          <Space wrap>
            <Link to={signedIn ? '/chat' : '/login'}>
              <Button type="primary">{signedIn ? 'Volver al chat' : 'Ir a iniciar sesión'}</Button>
            </Link>
            <Button href={`mailto:${SUPPORT_EMAIL}`}>Contactar a soporte</Button>
          </Space>
        }
      />
    </div>
  );
}
