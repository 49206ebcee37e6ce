import { Layout } from 'antd';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useAccess } from '../../features/access/hooks/useAccess';
import { PaymentBanner } from '../../features/billing/components/PaymentBanner';
import { Brand } from '../../features/layout/components/Brand';
import { TopNav } from '../../features/navigation/components/TopNav';
import { UserMenu } from '../../features/session/components/UserMenu';
import { SimulatorShortcut } from '../../features/simulator/components/SimulatorShortcut';

export function AppShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { permissions, roleName, isBoardsActive } = useAccess();

  return (
    <Layout className="app-shell">
      <Layout.Header className="app-header" data-testid="top-bar">
        <Link to="/chat" className="app-header-brand" aria-label="Charla CRM, ir al chat">
          <Brand />
        </Link>
        <TopNav
          permissions={permissions}
          roleName={roleName}
          isBoardsActive={isBoardsActive}
          currentPath={pathname}
        />
        <SimulatorShortcut variant="topBar" />
        <UserMenu />
      </Layout.Header>
      <PaymentBanner />
      <Layout.Content className="app-content">{children}</Layout.Content>
    </Layout>
  );
}
