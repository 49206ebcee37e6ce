import { useSearchParams } from 'react-router';
import { SpaceForm } from '../features/spaces-admin/components/SpaceForm';

// 02 §2 /spaces/new; with ?id= it edits that space.
export function SpaceFormPage() {
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  return <SpaceForm key={id ?? 'new'} id={id} />;
}
