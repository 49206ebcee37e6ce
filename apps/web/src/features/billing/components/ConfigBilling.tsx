import { Alert, Segmented, Spin } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../layout/components/PageHeader';
import { useSession } from '../../session/hooks/useSession';
import { useAccountBilling } from '../hooks/useAccountBilling';
import { CardsPanel } from './CardsPanel';
import { ChangePlanPanel } from './ChangePlanPanel';
import { InvoicesTable } from './InvoicesTable';
import { PendingBalance } from './PendingBalance';
import { Resubscribe } from './Resubscribe';
import { SubscriptionSummary } from './SubscriptionSummary';
import '../billing.css';

export type ConfigBillingSection = 'edit-plan' | 'edit-card' | 'payment';

const SECTIONS: ReadonlyArray<{ value: ConfigBillingSection; label: string }> = [
  { value: 'edit-plan', label: 'Plan' },
  { value: 'edit-card', label: 'Tarjetas' },
  { value: 'payment', label: 'Pagos' },
];

const OWING: readonly string[] = ['AWAITING_SUSCRIPTION_PAYMENT', 'PAUSED'];

/**
 * /config/edit-plan, /config/edit-card and /config/payment (writePayments, 01 §2.3): the configuration-side views
 * of the plan, card and payment flows of 'Mi cuenta'.
 */
export function ConfigBilling({ section }: { section: ConfigBillingSection }) {
  const navigate = useNavigate();
  const { me } = useSession();
  const { canWrite, billing, payment, live, onChanged } = useAccountBilling(section === 'payment');
  const data = billing.data;

  const body = () => {
    if (billing.loading) return <Spin className="billing-loading" />;
    if (!data)
      return (
        <Alert type="error" showIcon title={billing.error ?? 'No se pudo cargar la información de pago.'} />
      );
    switch (section) {
      case 'edit-plan':
        if (live && payment) {
          return (
            <ChangePlanPanel
              key={`${payment.plan}-${payment.agents}-${payment.messages}`}
              payment={payment}
              onChanged={onChanged}
            />
          );
        }
        return (
          <Resubscribe
            config={data.config}
            previous={payment}
            status={me.company.status}
            onChanged={onChanged}
          />
        );
      case 'edit-card':
        return (
          <CardsPanel
            config={data.config}
            customer={data.state.customer}
            canWrite={canWrite}
            onChanged={onChanged}
          />
        );
      case 'payment':
        return (
          <>
            {live && OWING.includes(me.company.status) ? <PendingBalance onChanged={onChanged} /> : null}
            <SubscriptionSummary payment={payment} canRead />
            <InvoicesTable invoices={data.invoices} />
          </>
        );
    }
  };

  return (
    <div className="page billing-page" data-testid={`config-billing-${section}`}>
      <PageHeader title="Configuración" description="Plan, tarjetas y pagos de tu empresa." />
      <Segmented
        className="billing-gap"
        value={section}
        options={SECTIONS.map(({ value, label }) => ({ value, label }))}
        onChange={(value) => navigate(`/config/${value}`)}
      />
      <div className="billing-sections">{body()}</div>
    </div>
  );
}
