import { useEffect, useState } from 'react';
import { handleError } from '../../../lib/errors';
import { type BroadcastTag, listBroadcastTags } from '../api/campaigns.rest';

/** The company's tags with how many contacts of the channel carry each (GET /broadcast/tags). */
export function useBroadcastTags(channelId: number | null): { tags: BroadcastTag[]; loading: boolean } {
  const [state, setState] = useState<{ channelId: number | null; tags: BroadcastTag[] }>({
    channelId: null,
    tags: [],
  });

  useEffect(() => {
    if (channelId === null) return;
    const controller = new AbortController();
    listBroadcastTags(channelId, controller.signal)
      .then((tags) => {
        if (!controller.signal.aborted) setState({ channelId, tags });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        handleError(error);
        setState({ channelId, tags: [] });
      });
    return () => controller.abort();
  }, [channelId]);

  const current = state.channelId === channelId;
  return { tags: current ? state.tags : [], loading: channelId !== null && !current };
}
