import { canSeePaymentBannerButton, PAYMENT_BANNER_BUTTON_LABEL, paymentBanner } from '@crm/shared';
import { Alert, Button } from 'antd';
import { Link } from 'react-router';
import { useAccess } from '../../access/hooks/useAccess';
import { useSession } from '../../session/hooks/useSession';

interface PaymentBannerProps {
  /** The clock, injectable so the one-day-to-expiry warning can be tested. */
  now?: () => Date;
}

// 01 §2.6 / §4: the subscription payment banner under the top bar.
export function PaymentBanner({ now = () => new Date() }: PaymentBannerProps) {
  const { me } = useSession();
  const { permissions } = useAccess();
  const banner = paymentBanner({
    status: me.company.status,
    paymentIntents: me.company.paymentIntents,
    paymentMethod: me.company.paymentMethod,
    expirationDate: me.company.expirationDate,
    now: now(),
    // 01 §2.6: a company paying on terms agreed with sales (the operator's flag) never sees the banner.
    isCustomPayment: me.company.isCustomPayment,
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
