import { MessageFilled } from '@ant-design/icons';
import { Typography } from 'antd';

export const BRAND_NAME = 'Charla CRM';

interface BrandProps {
  size?: 'default' | 'large';
}

export function Brand({ size = 'default' }: BrandProps) {
  return (
    <span className={`brand brand-${size}`}>
      <span className="brand-mark" aria-hidden="true">
        <MessageFilled />
      </span>
      <Typography.Text strong className="brand-name">
        {BRAND_NAME}
      </Typography.Text>
    </span>
  );
}
