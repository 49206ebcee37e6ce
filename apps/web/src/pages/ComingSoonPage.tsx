import { ComingSoon } from '../features/layout/components/ComingSoon';

// Routes of later features: the route's title and a notice.
export function ComingSoonPage({ title }: { title: string }) {
  return <ComingSoon title={title} />;
}
