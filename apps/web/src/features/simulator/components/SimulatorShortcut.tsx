import { ExperimentOutlined } from '@ant-design/icons';
import { SIMULATOR_ROUTE } from '@crm/shared';
import { Button, Tooltip } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useAccess } from '../../access/hooks/useAccess';

export const SIMULATOR_LABEL = 'Simulador de clientes';

/**
 * Issue 19: the simulator is how a new company sees its first customer, so it is one click away from the top bar
 * and from an empty inbox, not only from the avatar panel. Shown only to who may open it (the route's permission).
 */
export function SimulatorShortcut({ variant }: { variant: 'topBar' | 'emptyInbox' }) {
  const { canAccess } = useAccess();
  const navigate = useNavigate();
  if (!canAccess(SIMULATOR_ROUTE)) return null;
  if (variant === 'topBar') {
    return (
      <Tooltip title={SIMULATOR_LABEL}>
        <Link
          to={SIMULATOR_ROUTE}
          className="top-nav-link top-bar-simulator"
          aria-label={SIMULATOR_LABEL}
          data-testid="top-bar-simulator"
        >
          <ExperimentOutlined aria-hidden="true" />
        </Link>
      </Tooltip>
    );
  }
  return (
    <Button
      icon={<ExperimentOutlined />}
      onClick={() => navigate(SIMULATOR_ROUTE)}
      data-testid="empty-inbox-simulator"
    >
      Abrir el simulador
    </Button>
  );
}
