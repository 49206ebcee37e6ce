import { hasAnyPermission, type PermissionName } from '@crm/shared';
import { Card, Empty, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ChatbotSettingsTab } from '../features/bot/settings/ChatbotSettingsTab';
import { CompanySettingsTab } from '../features/config/company/CompanySettingsTab';
import { DatasheetTab } from '../features/config/datasheet/DatasheetTab';
import { RolesTab } from '../features/config/roles/RolesTab';
import { TagsTab } from '../features/config/tags/TagsTab';
import { PageHeader } from '../features/layout/components/PageHeader';
import { useSession } from '../features/session/hooks/useSession';
import { TemplatesTab } from '../features/templates/components/TemplatesTab';

interface ConfigTab {
  key: string;
  label: string;
  permissions: PermissionName[];
  children: ReactNode;
}

// 02 §2: the configuration tabs; each shows only with one of its permissions (01 §2.3).
const TABS: ConfigTab[] = [
  { key: 'tags', label: 'Etiquetas', permissions: ['readTags', 'writeTags'], children: <TagsTab /> },
  { key: 'roles', label: 'Roles', permissions: ['readRols', 'writeRols'], children: <RolesTab /> },
  {
    key: 'datasheet',
    label: 'Datos de contacto',
    permissions: ['readDataSheetConfiguration', 'writeDataSheetConfiguration'],
    children: <DatasheetTab />,
  },
  {
    key: 'templates',
    label: 'Plantillas de WhatsApp',
    permissions: ['whatsappTemplate'],
    children: <TemplatesTab />,
  },
  // Issue 17: the company's bot settings; the menus and messages of each channel live on /bot.
  {
    key: 'chatbot',
    label: 'Chatbot',
    permissions: ['readBot', 'writeBot'],
    children: <ChatbotSettingsTab />,
  },
  {
    key: 'company',
    label: 'Empresa',
    permissions: ['readCompany', 'writeCompany'],
    children: <CompanySettingsTab />,
  },
];

const PATH_TABS: Record<string, string> = {
  '/config/new-tag': 'tags',
  '/config/new-rol': 'roles',
  '/config/new-datasheet': 'datasheet',
};

/** /config: the admin's set-up tabs; the open tab is kept in the address (?tab=) so a reload keeps it. */
export function ConfigPage() {
  const { me } = useSession();
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const tabs = TABS.filter((tab) => hasAnyPermission(me.permissions ?? {}, tab.permissions));
  // /config/new-tag and the like open their tab with its form.
  const fromPath = pathname.startsWith('/config/new-') ? PATH_TABS[pathname] : undefined;
  const active = tabs.find((tab) => tab.key === (params.get('tab') ?? fromPath))?.key ?? tabs[0]?.key;
  return (
    <div className="page">
      <PageHeader
        title="Configuración"
        description="Etiquetas, roles, datos de contacto, plantillas de WhatsApp, chatbot y ajustes de tu empresa."
      />
      {tabs.length === 0 ? (
        // 01 §2.3 lets payments permissions into /config, but no tab here is theirs: say so instead of an empty bar.
        <Empty
          data-testid="config-empty"
          description="No hay nada que configurar aquí con tus permisos. Si necesitas acceso, pídeselo a un administrador."
        />
      ) : (
        <Card>
          <Tabs
            activeKey={active}
            onChange={(key) => setParams({ tab: key }, { replace: true })}
            items={tabs.map(({ key, label, children }) => ({ key, label, children }))}
            destroyOnHidden
          />
        </Card>
      )}
    </div>
  );
}
