import { TeamList } from '../features/team-admin/components/TeamList';

// 02 §2 /users.
export function TeamPage() {
  return <TeamList />;
}
