import { CheckOutlined, ClockCircleOutlined, WarningFilled } from '@ant-design/icons';
import { MESSAGE_STATUS_LABELS } from '@crm/shared';
import { type BubbleStatus, bubbleStatus } from './messageDisplay';

const LABELS: Record<BubbleStatus, string> = {
  pending: 'Pendiente',
  sent: MESSAGE_STATUS_LABELS.sent,
  delivered: MESSAGE_STATUS_LABELS.delivered,
  viewed: MESSAGE_STATUS_LABELS.viewed,
  failed: 'No enviado',
};

function Ticks({ count }: { count: 1 | 2 }) {
  return (
    <span className="msg-ticks" aria-hidden="true">
      <CheckOutlined />
      {count === 2 ? <CheckOutlined /> : null}
    </span>
  );
}

/**
 * 02 §4: one grey tick when sent (also when the status is missing), two grey ticks when delivered, two blue
 * ticks when viewed, a clock for anything else; the inbox adds a red warning for a failed send.
 */
export function MessageStatusIcon({ status }: { status: string | null }) {
  const kind = bubbleStatus(status);
  const label = LABELS[kind];
  return (
    <span
      className={`msg-status msg-status-${kind}`}
      data-testid={`message-status-${kind}`}
      role="img"
      aria-label={label}
      title={label}
    >
      {kind === 'pending' ? <ClockCircleOutlined aria-hidden="true" /> : null}
      {kind === 'failed' ? <WarningFilled aria-hidden="true" /> : null}
      {kind === 'sent' ? <Ticks count={1} /> : null}
      {kind === 'delivered' || kind === 'viewed' ? <Ticks count={2} /> : null}
    </span>
  );
}
