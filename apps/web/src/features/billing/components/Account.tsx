import { CompanyStatus } from '@crm/shared';
import { Alert, Spin } from 'antd';
import { PageHeader } from '../../layout/components/PageHeader';
import { useSession } from '../../session/hooks/useSession';
import { useAccountBilling } from '../hooks/useAccountBilling';
import { CancelSubscription } from './CancelSubscription';
import { CardsPanel } from './CardsPanel';
import { ChangePlanPanel } from './ChangePlanPanel';
import { InvoicesTable } from './InvoicesTable';
import { PendingBalance } from './PendingBalance';
import { Resubscribe } from './Resubscribe';
import { SandboxEvents } from './SandboxEvents';
import { SubscriptionSummary } from './SubscriptionSummary';
import '../billing.css';

/** Statuses whose renewals failed: what is owed can be paid from here. */
const OWING: readonly string[] = [CompanyStatus.AWAITING_SUSCRIPTION_PAYMENT, CompanyStatus.PAUSED];
/** 01 §2.1: these companies see the update-subscription view. */
const STOPPED: readonly string[] = [CompanyStatus.PAUSED, CompanyStatus.INACTIVE];

/**
 * /account 'Mi cuenta' (01 §2.2–§2.3): the plan, its price and dates, cards, invoices, plan change, cancellation
 * and, for PAUSED / INACTIVE companies, the update-subscription view. Changes need writePayments.
 */
export function Account() {
  const { me } = useSession();
  const { canRead, canWrite, billing, payment, live, onChanged } = useAccountBilling(true);
  const status = me.company.status;
  const data = billing.data;

  const body = () => {
    if (!canRead) return <SubscriptionSummary payment={null} canRead={false} />;
    if (billing.loading) return <Spin className="billing-loading" />;
    if (!data) return <Alert type="error" showIcon title={billing.error ?? 'No se pudo cargar tu cuenta.'} />;
    return (
      <>
        {billing.error ? <Alert type="error" showIcon title={billing.error} /> : null}
        {canWrite && live && OWING.includes(status) ? <PendingBalance onChanged={onChanged} /> : null}
        <SubscriptionSummary payment={payment} canRead />
        {!live && canWrite ? (
          <Resubscribe config={data.config} previous={payment} status={status} onChanged={onChanged} />
        ) : null}
        {!live && !canWrite && STOPPED.includes(status) ? (
          <Alert
            type="warning"
            showIcon
            title="Tu suscripción no está activa. Pide a un administrador con permiso de pagos que la reactive."
          />
        ) : null}
        {canWrite && live && payment ? (
          <ChangePlanPanel
            key={`${payment.plan}-${payment.agents}-${payment.messages}`}
            payment={payment}
            onChanged={onChanged}
          />
        ) : null}
        <CardsPanel
          config={data.config}
          customer={data.state.customer}
          canWrite={canWrite}
          onChanged={onChanged}
        />
        <InvoicesTable invoices={data.invoices} />
        {canWrite && live && data.config.mode !== 'stripe' ? <SandboxEvents onChanged={onChanged} /> : null}
        {canWrite && live && payment ? <CancelSubscription payment={payment} onChanged={onChanged} /> : null}
      </>
    );
  };

  return (
    <div className="page billing-page" data-testid="account-page">
      <PageHeader title="Mi cuenta" description={me.company.name} />
      <div className="billing-sections">{body()}</div>
    </div>
  );
}
