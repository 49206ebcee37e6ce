import { Alert, Result, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { linkDialog360 } from '../api/linking.rest';
import { useLinkOutcome } from '../hooks/useLinkOutcome';
import { CONNECTING_MESSAGE, LINKED_MESSAGE } from '../linkingRules';

/**
 * 360dialog's Connect comes back to /link-whatsapp?client=&channels=[..] (01 §2.5): the channels are linked, the
 * window says it may be closed, and the 'status' event takes the user on to the profile form.
 */
export function ConnectCallback({ client, channels }: { client: string; channels: string[] }) {
  const { state, run, errorMessage } = useLinkOutcome({ goOnReply: false });
  const started = useRef(false);

  useEffect(() => {
    // Once per visit: a second POST would link the same channels again.
    if (started.current) return;
    started.current = true;
    void run(() => linkDialog360(client, channels));
  }, [client, channels, run]);

  if (state === 'error') return <Alert type="error" showIcon title={errorMessage} />;
  if (state === 'linked') return <Result status="success" title={LINKED_MESSAGE} />;
  return <Result icon={<Spin />} title={CONNECTING_MESSAGE} />;
}
