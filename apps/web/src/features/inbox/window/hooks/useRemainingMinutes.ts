import type { ConversationView } from '@crm/shared';
import { useEffect, useState } from 'react';
import { laterExpiry, remainingMinutesAt } from '../replyWindow';

/** How often the countdown looks at the clock; the label changes once a minute, React skips equal values. */
const TICK_MS = 1000;

/**
 * Minutes left in the reply window, counting down live. `liveExpiry` is the window end carried by this
 * conversation's latest real-time event, in case it is newer than the view the list passed down.
 */
export function useRemainingMinutes(
  conversation: Pick<ConversationView, 'windowExpiresAt' | 'windowRemainingTime'>,
  liveExpiry: string | null,
): number {
  const windowExpiresAt = laterExpiry(conversation.windowExpiresAt, liveExpiry);
  const { windowRemainingTime } = conversation;
  const [minutes, setMinutes] = useState(() =>
    remainingMinutesAt({ windowExpiresAt, windowRemainingTime }, Date.now()),
  );
  useEffect(() => {
    const tick = () => setMinutes(remainingMinutesAt({ windowExpiresAt, windowRemainingTime }, Date.now()));
    tick();
    const timer = window.setInterval(tick, TICK_MS);
    return () => window.clearInterval(timer);
  }, [windowExpiresAt, windowRemainingTime]);
  return minutes;
}
