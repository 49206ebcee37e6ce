import { MaintenanceNotice } from '../features/help/components/MaintenanceNotice';
import { useDocumentTitle } from '../features/layout/hooks/useDocumentTitle';

// 01 §2.1: /maintenance, public, for blocked companies.
export function MaintenancePage() {
  useDocumentTitle('En mantenimiento');
  return <MaintenanceNotice />;
}
