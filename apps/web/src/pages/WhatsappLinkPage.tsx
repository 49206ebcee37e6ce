import { useSearchParams } from 'react-router';
import { WhatsappLink } from '../features/spaces-admin/components/WhatsappLink';

// 02 §2 /spaces/new-whatsapp; ?channelId= links that channel again, ?code= is the device opening the QR.
export function WhatsappLinkPage() {
  const [params] = useSearchParams();
  const raw = Number(params.get('channelId'));
  const channelId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const code = params.get('code');
  return <WhatsappLink key={`${channelId ?? 'new'}-${code ?? ''}`} channelId={channelId} code={code} />;
}
