import type { LinkedChannelsView } from '@crm/shared';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { LINKING_ERROR_MESSAGE } from '../linkingRules';
import { LINK_STATUS_EVENT, type LinkStatusPayload, useLinkingEvent } from './useLinkingEvents';

export type LinkState = 'idle' | 'connecting' | 'linked' | 'error';

export const PROFILE_ROUTE = '/link-whatsapp/profile';

function profilePath(channelId: number | undefined): string {
  return channelId === undefined ? PROFILE_ROUTE : `${PROFILE_ROUTE}?channelId=${channelId}`;
}

/**
 * One linking attempt and its outcome (01 §2.5): the request answers with the channels, and the server announces
 * the end of the linking on onboarding_{companyId} ('status'): success goes to the profile form, failure shows the
 * linking error of 01 §8. `goOnReply` also goes on when the request answers (linking done in this same window).
 */
export function useLinkOutcome(options: { goOnReply: boolean }) {
  const navigate = useNavigate();
  const [state, setState] = useState<LinkState>('idle');
  const done = useRef(false);

  const goToProfile = useCallback(
    (channelId: number | undefined) => {
      if (done.current) return;
      done.current = true;
      navigate(profilePath(channelId));
    },
    [navigate],
  );

  useLinkingEvent<LinkStatusPayload>(LINK_STATUS_EVENT, (payload) => {
    if (payload.success) goToProfile(payload.channelIds?.[0]);
    else if (!done.current) setState('error');
  });

  const run = useCallback(
    async (request: () => Promise<LinkedChannelsView>) => {
      setState('connecting');
      try {
        const reply = await request();
        if (done.current) return;
        setState('linked');
        if (options.goOnReply) goToProfile(reply.channels[0]?.id);
      } catch {
        // The linking text of 01 §8 whatever went wrong: the user's next step is support either way.
        if (!done.current) setState('error');
      }
    },
    [goToProfile, options.goOnReply],
  );

  return { state, run, setState, errorMessage: LINKING_ERROR_MESSAGE };
}
