import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { AnalyticsFigures } from '@crm/shared';
import { Card } from 'antd';
import { type CardView, changeLabel, summaryCards } from '../cards';

function Change({ card }: { card: CardView }) {
  if (!card.comparable) return null;
  if (card.change === null) return <p className="analytics-card-change">Sin datos previos</p>;
  const direction = card.change > 0 ? 'up' : card.change < 0 ? 'down' : 'flat';
  return (
    <p className={`analytics-card-change analytics-card-change-${direction}`}>
      {direction === 'up' && <ArrowUpOutlined aria-label="Sube" />}
      {direction === 'down' && <ArrowDownOutlined aria-label="Baja" />} {changeLabel(card.change)}{' '}
      <span className="analytics-card-change-note">vs. periodo anterior</span>
    </p>
  );
}

/** 01 §2.8 summary cards: each a region named by its heading, with the value and its change. */
export function SummaryCards({
  current,
  previous,
}: {
  current: AnalyticsFigures;
  previous: AnalyticsFigures;
}) {
  return (
    <div className="analytics-cards">
      {summaryCards(current, previous).map((card) => (
        <Card key={card.key} size="small" className="analytics-card">
          <section aria-labelledby={`analytics-card-${card.key}`}>
            <h3 id={`analytics-card-${card.key}`} className="analytics-card-title">
              {card.title}
            </h3>
            <p className="analytics-card-value">{card.value}</p>
            <Change card={card} />
          </section>
        </Card>
      ))}
    </div>
  );
}
