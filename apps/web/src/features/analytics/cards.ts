import { type AnalyticsFigures, hourRangeLabel, percentChange } from '@crm/shared';

export interface CardView {
  key: string;
  title: string;
  value: string;
  /** Percent against the previous period; null when it had none (or the card is not a count). */
  change: number | null;
  /** False for cards that compare nothing (the busiest hour). */
  comparable: boolean;
}

const count = (value: number) => value.toLocaleString('es-MX');

function countCard(key: string, title: string, current: number, previous: number): CardView {
  return { key, title, value: count(current), change: percentChange(current, previous), comparable: true };
}

/** 01 §2.8: the summary cards in the spec's order; the two bot cards only for companies using a bot. */
export function summaryCards(current: AnalyticsFigures, previous: AnalyticsFigures): CardView[] {
  const cards: CardView[] = [
    countCard('total', 'Conversaciones', current.total, previous.total),
    countCard('totalActive', 'Conversaciones Activas', current.totalActive, previous.totalActive),
    countCard('whatsapp', 'WhatsApps', current.whatsapp, previous.whatsapp),
    // 01 §2.8: the Facebook Messenger card is shown as the Messenger channel.
    countCard('messenger', 'Messenger', current.messenger, previous.messenger),
    countCard('totalFromAds', 'Campañas de anuncios', current.totalFromAds, previous.totalFromAds),
    countCard('totalAnswered', 'Chats respondidos', current.totalAnswered, previous.totalAnswered),
    countCard('totalUnanswered', 'Chats sin responder', current.totalUnanswered, previous.totalUnanswered),
    {
      key: 'timeWithMoreMessages',
      title: 'Horario con más mensajes',
      value: hourRangeLabel(current.timeWithMoreMessages),
      change: null,
      comparable: false,
    },
  ];
  if (current.botStats) {
    const before = previous.botStats;
    cards.push(
      countCard(
        'botConversations',
        'Conversaciones con el bot',
        current.botStats.botConversations,
        before?.botConversations ?? 0,
      ),
      countCard(
        'handedOver',
        'Transferidas a un agente',
        current.botStats.handedOver,
        before?.handedOver ?? 0,
      ),
    );
  }
  return cards;
}

/** '+12.5 %' / '-3 %' / '0 %': the change as the card shows it. */
export function changeLabel(change: number): string {
  const sign = change > 0 ? '+' : '';
  return `${sign}${change.toLocaleString('es-MX')} %`;
}
