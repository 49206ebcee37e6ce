import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Brand } from '../../layout/components/Brand';
import { useDocumentTitle } from '../../layout/hooks/useDocumentTitle';

interface AuthLayoutProps {
  title?: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}

// The centred card shared by every public page (login, two-factor, password recovery).
export function AuthLayout({ title, subtitle, children, footer, wide = false }: AuthLayoutProps) {
  useDocumentTitle(title);
  return (
    <main className="auth-page">
      <Card className={wide ? 'auth-card auth-card-wide' : 'auth-card'} variant="borderless">
        <div className="auth-card-brand">
          <Brand size="large" />
        </div>
        {title ? (
          <Typography.Title level={3} className="auth-card-title">
            {title}
          </Typography.Title>
        ) : null}
        {subtitle ? (
          <Typography.Paragraph type="secondary" className="auth-card-subtitle">
            {subtitle}
          </Typography.Paragraph>
        ) : null}
        {children}
        {footer ? <div className="auth-card-footer">{footer}</div> : null}
      </Card>
      <Typography.Text type="secondary" className="auth-page-legal">
        Charla CRM · WhatsApp, Messenger y SMS en una sola bandeja
      </Typography.Text>
    </main>
  );
}
