import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** One titled block of the client info panel. */
export function PanelSection({
  title,
  extra,
  testId,
  children,
}: {
  title: string;
  extra?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className="client-info-section" aria-label={title} data-testid={testId}>
      <div className="client-info-section-header">
        <Typography.Text strong>{title}</Typography.Text>
        {extra}
      </div>
      {children}
    </section>
  );
}
