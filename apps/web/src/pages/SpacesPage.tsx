import { SpacesList } from '../features/spaces-admin/components/SpacesList';

// 02 §2 /spaces.
export function SpacesPage() {
  return <SpacesList />;
}
