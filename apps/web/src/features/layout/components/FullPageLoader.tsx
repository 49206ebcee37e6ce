import { Spin } from 'antd';

interface FullPageLoaderProps {
  tip?: string;
}

export function FullPageLoader({ tip = 'Cargando…' }: FullPageLoaderProps) {
  return (
    <div className="full-page-loader" role="status" aria-live="polite" data-testid="page-loader">
      <Spin size="large" />
      <span className="full-page-loader-tip">{tip}</span>
    </div>
  );
}
