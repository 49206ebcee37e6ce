import { canSeePaymentBannerButton, PAYMENT_BANNER_BUTTON_LABEL, paymentBanner } from '@crm/shared';
import { Alert, Button } from 'antd';
import { Link } from 'react-router';
import { useAccess } from '../../access/hooks/useAccess';
import { useSession } from '../../session/hooks/useSession';

interface PaymentBannerProps {
  /**
   * 01 §2.6: custom-payment companies never see the banner. The API does not expose which companies
   * pay this way (the spec keeps that list private), so the shell passes nothing and it defaults to false.
   */
  isCustomPayment?: boolean;
  /** The clock, injectable so the one-day-to-expiry warning can be tested. */
  now?: () => Date;
}

// 01 §2.6 / §4: the subscription payment banner under the top bar.
export function PaymentBanner({ isCustomPayment = false, now = () => new Date() }: PaymentBannerProps) {
  const { me } = useSession();
  const { permissions } = useAccess();
  const banner = paymentBanner({
    status: me.company.status,
    paymentIntents: me.company.paymentIntents,
    paymentMethod: me.company.paymentMethod,
    expirationDate: me.company.expirationDate,
    now: now(),
    isCustomPayment,
  });
  if (!banner) return null;
  const showButton = canSeePaymentBannerButton(permissions);
  return (
    <Alert
      banner
      type={banner.type}
      title={banner.message}
      data-testid="payment-banner"
      action={
        showButton ? (
          <Link to="/account">
            <Button size="small">{PAYMENT_BANNER_BUTTON_LABEL}</Button>
          </Link>
        ) : undefined
      }
    />
  );
}
