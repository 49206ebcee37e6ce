import { useEffect, useState } from 'react';
import { handleError } from '../../../lib/errors';
import { listSandboxChannels, type SandboxChannel } from '../api/simulator.rest';

export interface SandboxChannelsState {
  /** Null while loading. */
  channels: SandboxChannel[] | null;
}

export function useSandboxChannels(): SandboxChannelsState {
  const [channels, setChannels] = useState<SandboxChannel[] | null>(null);

  useEffect(() => {
    let active = true;
    listSandboxChannels()
      .then((list) => {
        if (active) setChannels(list);
      })
      .catch((error: unknown) => {
        if (!active) return;
        handleError(error);
        setChannels([]);
      });
    return () => {
      active = false;
    };
  }, []);

  return { channels };
}
