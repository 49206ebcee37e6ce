import {
  BILLING_TRIAL_DAYS,
  type BillingConfigView,
  DEFAULT_PLAN_SELECTION,
  destinationAfterLogin,
  FIRST_PAYMENT_ROUTE,
  forcedRoute,
  HOME_ROUTE,
  isPlanOffer,
} from '@crm/shared';
import { Alert, Button, Divider, Result, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { resolveError } from '../../../lib/errors';
import { useAccess } from '../../access/hooks/useAccess';
import { AuthLayout } from '../../auth/components/AuthLayout';
import { useLogout } from '../../auth/hooks/useLogout';
import type { PlanPricing, PlanSelection } from '../../plans/api/plans';
import { formatPlanUsd } from '../../plans/planFeatures';
import { useSession } from '../../session/hooks/useSession';
import { type CardSource, fetchBillingConfig, payFirst } from '../api/billing';
import { CardEntry } from './CardEntry';
import { PlanChooser } from './PlanChooser';
import '../billing.css';

type Phase = 'idle' | 'paying' | 'paid';

const DEFAULT_SELECTION: PlanSelection = {
  plan: 'BASIC',
  agents: DEFAULT_PLAN_SELECTION.agents,
  messages: DEFAULT_PLAN_SELECTION.conversations,
};

/** A plan named in the address (?plan=&agents=&messages=) when it is one on offer, else the default option. */
function initialSelection(params: URLSearchParams): PlanSelection {
  const plan = params.get('plan') ?? '';
  const agents = Number(params.get('agents'));
  const messages = Number(params.get('messages'));
  return isPlanOffer(plan, agents, messages) ? { plan, agents, messages } : DEFAULT_SELECTION;
}

/**
 * 01 §2.1 first-payment route: the plan with its price, the card and 'Pagar'. Paid, the user data is loaded again
 * and the user goes where the company's new status says (AWAITING_WA_VINCULATION: linking WhatsApp).
 */
export function FirstPayment() {
  const { me, refetchMe } = useSession();
  const { permissions } = useAccess();
  const { logout, loggingOut } = useLogout();
  const [params] = useSearchParams();
  const [phase, setPhase] = useState<Phase>('idle');
  const [selection, setSelection] = useState<PlanSelection>(() => initialSelection(params));
  const [price, setPrice] = useState<PlanPricing | null>(null);
  const [config, setConfig] = useState<BillingConfigView | null>(null);
  const [configError, setConfigError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    fetchBillingConfig().then(
      (answer) => {
        if (live) setConfig(answer);
      },
      (cause: unknown) => {
        if (live) setConfigError(resolveError(cause).userMessage);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const status = me.company.status;
  if (phase === 'paid') {
    // The user data could not be reloaded (the status still says unpaid): the shell loads it again from the inbox
    // rather than this page sending the user back to itself.
    const destination = destinationAfterLogin(status);
    return <Navigate to={destination === FIRST_PAYMENT_ROUTE ? HOME_ROUTE : destination} replace />;
  }
  // 01 §2.3: only a company awaiting its first payment stays here. While paying, the status changes under the
  // page on purpose; the destination is then decided once the user data is loaded again.
  const forced = phase === 'idle' ? forcedRoute(status, FIRST_PAYMENT_ROUTE) : null;
  if (forced !== null) return <Navigate to={forced} replace />;

  const logoutButton = (
    <Button type="link" onClick={() => void logout()} loading={loggingOut}>
      Cerrar sesión
    </Button>
  );

  if (permissions.writePayments !== true) {
    return (
      <AuthLayout title="Pago pendiente" footer={logoutButton}>
        <Result
          status="info"
          title="Tu empresa aún no completa su primer pago."
          subTitle="Pide a un administrador de tu empresa que lo complete para empezar a usar la plataforma."
        />
      </AuthLayout>
    );
  }

  const pay = async (source: CardSource) => {
    setPhase('paying');
    try {
      await payFirst(selection, source);
      await refetchMe();
      setPhase('paid');
    } catch (cause) {
      // A refused card changes nothing of the company: the form stays for another try.
      setPhase('idle');
      throw cause;
    }
  };

  return (
    <AuthLayout
      wide
      title="Completa tu pago"
      subtitle={`Incluye ${BILLING_TRIAL_DAYS} días de prueba: el primer cargo se hace al terminar la prueba y después cada mes.`}
      footer={logoutButton}
    >
      <div className="billing-first-payment" data-testid="first-payment">
        <PlanChooser
          value={selection}
          onChange={setSelection}
          onPrice={setPrice}
          disabled={phase !== 'idle'}
        />
        <Divider />
        {price ? (
          <Typography.Paragraph data-testid="first-payment-total">
            Total mensual: <Typography.Text strong>{formatPlanUsd(price.pricing)}</Typography.Text>
          </Typography.Paragraph>
        ) : null}
        {configError ? (
          <Alert type="error" showIcon title={configError} />
        ) : config ? (
          <CardEntry config={config} submitLabel="Pagar" disabled={price === null} onSubmit={pay} />
        ) : (
          <Spin />
        )}
      </div>
    </AuthLayout>
  );
}
