import {
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  ContactsOutlined,
  IdcardOutlined,
  MessageOutlined,
  NotificationOutlined,
  PictureOutlined,
  ProjectOutlined,
  QuestionCircleOutlined,
  RobotOutlined,
  SettingOutlined,
  TeamOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { activeNavItem, type PermissionMap, visibleNavItems } from '@crm/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const NAV_ICONS: Record<string, ReactNode> = {
  chat: <MessageOutlined />,
  boards: <ProjectOutlined />,
  contacts: <ContactsOutlined />,
  multimedia: <PictureOutlined />,
  quickAnswers: <ThunderboltOutlined />,
  users: <TeamOutlined />,
  bot: <RobotOutlined />,
  campaigns: <NotificationOutlined />,
  analytics: <BarChartOutlined />,
  spaces: <ApartmentOutlined />,
  config: <SettingOutlined />,
  account: <IdcardOutlined />,
  help: <QuestionCircleOutlined />,
};

export interface TopNavProps {
  permissions: PermissionMap;
  roleName: string;
  isBoardsActive: boolean;
  currentPath: string;
}

// 01 §2.2: exactly the entries of the shared navigation table the user may see, in its order.
export function TopNav({ permissions, roleName, isBoardsActive, currentPath }: TopNavProps) {
  const items = visibleNavItems({ permissions, roleName, isBoardsActive });
  const activeKey = activeNavItem(currentPath)?.key;

  return (
    <nav className="top-nav" aria-label="Navegación principal">
      {items.map((item) => {
        const active = item.key === activeKey;
        return (
          <Link
            key={item.key}
            to={item.path}
            className={active ? 'top-nav-link top-nav-link-active' : 'top-nav-link'}
            aria-current={active ? 'page' : undefined}
            data-testid={`nav-${item.key}`}
          >
            <span className="top-nav-icon" aria-hidden="true">
              {NAV_ICONS[item.key] ?? <AppstoreOutlined />}
            </span>
            <span className="top-nav-label">{item.label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
