import { useSearchParams } from 'react-router';
import { TeamUserForm } from '../features/team-admin/components/TeamUserForm';

// 02 §2 /users/new; with ?id= it edits that user.
export function TeamUserFormPage() {
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  return <TeamUserForm key={id ?? 'new'} id={id} />;
}
