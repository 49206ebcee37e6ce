import { CreditCardOutlined, PlusOutlined } from '@ant-design/icons';
import type { BillingConfigView } from '@crm/shared';
import { Alert, Button, Card, Checkbox, Empty, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { resolveError } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { DeleteConfirm } from '../../layout/components/DeleteConfirm';
import {
  addCard,
  type BillingCard,
  type BillingCustomer,
  type CardSource,
  deleteCard,
  makeDefaultCard,
} from '../api/billing';
import { cardBrandLabel } from '../billingLabels';
import { CardEntry } from './CardEntry';

interface CardsPanelProps {
  config: BillingConfigView;
  customer: BillingCustomer | null;
  canWrite: boolean;
  /** Called after every change, so the page reads the provider (and the user data) again. */
  onChanged: () => Promise<void>;
}

const pad = (n: number): string => String(n).padStart(2, '0');

export function cardLabel(card: BillingCard): string {
  return `${cardBrandLabel(card.brand)} •••• ${card.last4}`;
}

/** The customer's cards: add one (same card entry as the payment), make one the default, delete one. */
export function CardsPanel({ config, customer, canWrite, onChanged }: CardsPanelProps) {
  const [adding, setAdding] = useState(false);
  const [asDefault, setAsDefault] = useState(true);
  const [busyCard, setBusyCard] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (cardId: string, action: () => Promise<unknown>, done: string) => {
    setBusyCard(cardId);
    setError(null);
    try {
      await action();
      await onChanged();
      toast.success(done);
    } catch (cause) {
      // e.g. the default card of a live subscription: the server says what to do first.
      setError(resolveError(cause).userMessage);
    } finally {
      setBusyCard(null);
    }
  };

  const add = async (source: CardSource) => {
    if (!customer) return;
    await addCard(customer.id, source, asDefault);
    setAdding(false);
    await onChanged();
    toast.success('Tarjeta agregada.');
  };

  const cards = customer?.cards ?? [];
  return (
    <Card
      title="Tarjetas"
      data-testid="cards-panel"
      extra={
        canWrite && customer && !adding ? (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            Agregar tarjeta
          </Button>
        ) : null
      }
    >
      {error ? (
        <Alert
          type="error"
          showIcon
          title={error}
          closable={{ onClose: () => setError(null) }}
          data-testid="cards-error"
          className="billing-gap"
        />
      ) : null}
      {cards.length === 0 ? (
        <Empty description="No hay tarjetas registradas." />
      ) : (
        <ul className="billing-cards">
          {cards.map((card) => (
            <li key={card.id} className="billing-card-item" data-testid={`card-${card.id}`}>
              <Space wrap>
                <CreditCardOutlined />
                <Typography.Text strong>{cardLabel(card)}</Typography.Text>
                <Typography.Text type="secondary">
                  Vence {pad(card.expMonth)}/{card.expYear}
                </Typography.Text>
                {card.isDefault ? <Tag color="blue">Predeterminada</Tag> : null}
              </Space>
              {canWrite && customer ? (
                <Space>
                  {card.isDefault ? null : (
                    <Button
                      type="link"
                      loading={busyCard === card.id}
                      disabled={busyCard !== null && busyCard !== card.id}
                      onClick={() =>
                        void run(
                          card.id,
                          () => makeDefaultCard(customer.id, card.id),
                          'Tarjeta predeterminada actualizada.',
                        )
                      }
                    >
                      Hacer predeterminada
                    </Button>
                  )}
                  <DeleteConfirm
                    type="link"
                    title={`¿Eliminar la tarjeta ${cardLabel(card)}?`}
                    ariaLabel={`Eliminar la tarjeta ${cardLabel(card)}`}
                    disabled={busyCard !== null}
                    onConfirm={() =>
                      void run(card.id, () => deleteCard(customer.id, card.id), 'Tarjeta eliminada.')
                    }
                  />
                </Space>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {adding ? (
        <div className="billing-add-card" data-testid="add-card">
          <CardEntry
            config={config}
            submitLabel="Guardar tarjeta"
            onSubmit={add}
            extra={
              <div className="billing-gap">
                <Checkbox checked={asDefault} onChange={(event) => setAsDefault(event.target.checked)}>
                  Usar como predeterminada
                </Checkbox>
              </div>
            }
          />
          <Button type="link" onClick={() => setAdding(false)}>
            Cancelar
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
