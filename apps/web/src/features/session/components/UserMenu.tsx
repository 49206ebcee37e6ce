import { CheckOutlined, ExperimentOutlined, LogoutOutlined } from '@ant-design/icons';
import { roleLabel, SIMULATOR_ROUTE } from '@crm/shared';
import { Avatar, Button, Divider, Popover, Spin, Switch, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAccess } from '../../access/hooks/useAccess';
import { useLogout } from '../../auth/hooks/useLogout';
import { useSelectSpace } from '../../spaces/hooks/useSelectSpace';
import type { Me, MeSpace } from '../api/me.graphql';
import { useAvailability } from '../hooks/useAvailability';
import { useSession } from '../hooks/useSession';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts[1]?.[0] ?? ''}` : name.slice(0, 2);
  return letters.toUpperCase() || '?';
}

function UserAvatar({ me, size }: { me: Me; size: number }) {
  return (
    <Avatar size={size} src={me.imageUrl || undefined} className="user-avatar">
      {initials(me.name || me.email)}
    </Avatar>
  );
}

interface SpaceListProps {
  spaces: MeSpace[];
  selectedSpaceId: number | null;
  onSelect: (space: MeSpace) => void;
  busy: boolean;
}

function SpaceList({ spaces, selectedSpaceId, onSelect, busy }: SpaceListProps) {
  if (spaces.length === 0) {
    return <Typography.Text type="secondary">No tienes espacios asignados.</Typography.Text>;
  }
  return (
    <Spin spinning={busy} size="small">
      <ul className="space-list" aria-label="Espacios">
        {spaces.map((space) => {
          const selected = space.id === selectedSpaceId;
          return (
            <li key={space.id}>
              <button
                type="button"
                className={selected ? 'space-option space-option-selected' : 'space-option'}
                aria-pressed={selected}
                disabled={busy}
                onClick={() => {
                  if (!selected) onSelect(space);
                }}
                data-testid={`space-${space.id}`}
              >
                <span className="space-option-name">{space.name}</span>
                {space.isDefault ? <span className="space-option-tag">Predeterminado</span> : null}
                {selected ? <CheckOutlined className="space-option-check" /> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </Spin>
  );
}

// 01 §2.2: the avatar at the end of the bar opens the space switcher; it also holds the logout.
export function UserMenu() {
  const { me } = useSession();
  const [open, setOpen] = useState(false);
  const { selecting, selectSpace } = useSelectSpace();
  const { loggingOut, logout } = useLogout();
  const { canAccess } = useAccess();
  const { saving, setAvailable } = useAvailability();

  const panel = (
    <div className="user-panel" data-testid="user-panel">
      <div className="user-panel-header">
        <UserAvatar me={me} size={44} />
        <div className="user-panel-identity">
          <Typography.Text strong className="user-panel-name">
            {me.name}
          </Typography.Text>
          <Typography.Text type="secondary" className="user-panel-role" data-testid="user-role">
            {roleLabel(me.rol?.name)}
          </Typography.Text>
          <Typography.Text type="secondary" className="user-panel-email">
            {me.email}
          </Typography.Text>
        </div>
      </div>
      <Divider className="user-panel-divider" />
      <div className="user-panel-availability">
        <Switch
          id="availability-switch"
          size="small"
          checked={me.isAvailable}
          loading={saving}
          onChange={(checked) => void setAvailable(checked)}
          data-testid="availability-switch"
        />
        <label htmlFor="availability-switch">{me.isAvailable ? 'Disponible' : 'No disponible'}</label>
      </div>
      <Divider className="user-panel-divider" />
      <Typography.Text type="secondary" className="user-panel-section">
        Cambiar de espacio
      </Typography.Text>
      <SpaceList
        spaces={me.spaces}
        selectedSpaceId={me.selectedSpaceId}
        onSelect={(space) => void selectSpace(space)}
        busy={selecting}
      />
      {/* Issue 3: the simulator is not in the shared navigation table; it is here and beside it in the top bar. */}
      {canAccess(SIMULATOR_ROUTE) ? (
        <>
          <Divider className="user-panel-divider" />
          <Link
            to={SIMULATOR_ROUTE}
            className="user-panel-link"
            onClick={() => setOpen(false)}
            data-testid="user-panel-simulator"
          >
            <ExperimentOutlined aria-hidden="true" />
            <span>Simulador de clientes</span>
          </Link>
        </>
      ) : null}
      <Divider className="user-panel-divider" />
      <Button block danger icon={<LogoutOutlined />} loading={loggingOut} onClick={() => void logout()}>
        Cerrar sesión
      </Button>
    </div>
  );

  return (
    <Popover
      content={panel}
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      arrow={false}
    >
      <button type="button" className="avatar-button" data-testid="avatar" aria-label={`Menú de ${me.name}`}>
        <UserAvatar me={me} size={36} />
      </button>
    </Popover>
  );
}
