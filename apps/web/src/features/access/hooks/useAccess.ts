import { useMemo } from 'react';
import { useSession } from '../../session/hooks/useSession';
import { type Access, accessFor } from '../access';

export function useAccess(): Access {
  const { me } = useSession();
  return useMemo(() => accessFor(me), [me]);
}
