import { ClockCircleOutlined } from '@ant-design/icons';
import { Card, Result } from 'antd';
import { PageHeader } from './PageHeader';

export const COMING_SOON_TEXT = 'Esta sección estará disponible pronto.';

interface ComingSoonProps {
  title: string;
}

export function ComingSoon({ title }: ComingSoonProps) {
  return (
    <div className="page">
      <PageHeader title={title} />
      <Card>
        <Result icon={<ClockCircleOutlined />} title={COMING_SOON_TEXT} />
      </Card>
    </div>
  );
}
