import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../layout/hooks/useDocumentTitle';
import { parseChannelsParam } from '../linkingRules';
import { ConnectCallback } from './ConnectCallback';
import { PostPaymentHelp } from './PostPaymentHelp';

/** /link-whatsapp: the Connect return when it carries client and channels, the post-payment help page otherwise. */
export function LinkWhatsappHome() {
  useDocumentTitle('Vincular WhatsApp');
  const [params] = useSearchParams();
  const client = params.get('client');
  const rawChannels = params.get('channels');
  const channels = useMemo(() => parseChannelsParam(rawChannels), [rawChannels]);
  if (client && channels.length > 0) {
    return (
      <div className="page linking-page">
        <ConnectCallback client={client} channels={channels} />
      </div>
    );
  }
  return <PostPaymentHelp />;
}
