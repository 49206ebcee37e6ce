import { WhatsAppOutlined } from '@ant-design/icons';
import { CompanyStatus } from '@crm/shared';
import { Card, Typography } from 'antd';
import { useAccess } from '../../access/hooks/useAccess';
import { useSession } from '../../session/hooks/useSession';
import { LinkingChoices } from './LinkingChoices';

/**
 * On /spaces, where 'Terminar configuración yo mismo' leads (01 §2.5): while the company still awaits its WhatsApp
 * linking, the ways to link the number, for whoever may change channels.
 */
export function PendingLinkCard() {
  const { me } = useSession();
  const { permissions } = useAccess();
  if (me.company?.status !== CompanyStatus.AWAITING_WA_VINCULATION || permissions.writeSpaces !== true)
    return null;
  return (
    <Card
      className="linking-pending-card"
      data-testid="pending-link-card"
      title={
        <span>
          <WhatsAppOutlined /> Vincula tu número de WhatsApp
        </span>
      }
    >
      <Typography.Paragraph type="secondary">
        Te enviamos por correo un video con las instrucciones. Cuando tengas todo listo, vincula tu número
        aquí.
      </Typography.Paragraph>
      <LinkingChoices />
    </Card>
  );
}
