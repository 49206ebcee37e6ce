import { Card } from 'antd';
import { useAccess } from '../../access/hooks/useAccess';
import { PageHeader } from '../../layout/components/PageHeader';
import { useSession } from '../../session/hooks/useSession';
import { canWriteMultimedia } from '../access';
import { AlbumGrid } from './AlbumGrid';
import '../multimedia.css';

/** /multimedia (01 §2.9): the albums of the selected space. */
export function MultimediaHome() {
  const { me } = useSession();
  const { permissions } = useAccess();
  const spaceName = me.spaces.find((space) => space.id === me.selectedSpaceId)?.name;
  return (
    <div className="page" data-testid="multimedia-page">
      <PageHeader
        title="Multimedia"
        description={spaceName ? `Álbumes del espacio ${spaceName}` : 'Álbumes del espacio'}
      />
      <Card>
        <AlbumGrid spaceId={me.selectedSpaceId} parentId={null} canWrite={canWriteMultimedia(permissions)} />
      </Card>
    </div>
  );
}
