import { CheckOutlined, ClockCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { MESSAGE_STATUS_LABELS, messageStatusIcon } from '@crm/shared';

function DoubleCheck() {
  return (
    <span className="sim-double-check" aria-hidden="true">
      <CheckOutlined />
      <CheckOutlined />
    </span>
  );
}

// 02 §3/§4: the status of a business message as the product shows it: Enviado, Entregado, Visto, a clock
// while pending, and 'fallido' in red.
export function MessageStatus({ status }: { status: string | null }) {
  if (status === 'failed') {
    return (
      <span className="sim-status sim-status-failed" data-testid="message-status" data-status="failed">
        <ExclamationCircleOutlined aria-hidden="true" /> {MESSAGE_STATUS_LABELS.failed}
      </span>
    );
  }
  const icon = messageStatusIcon(status);
  if (icon === 'pending') {
    return (
      <span
        className="sim-status sim-status-pending"
        data-testid="message-status"
        data-status="pending"
        role="img"
        aria-label="Pendiente"
        title="Pendiente"
      >
        <ClockCircleOutlined aria-hidden="true" />
      </span>
    );
  }
  return (
    <span className={`sim-status sim-status-${icon}`} data-testid="message-status" data-status={icon}>
      {icon === 'sent' ? <CheckOutlined aria-hidden="true" /> : <DoubleCheck />} {MESSAGE_STATUS_LABELS[icon]}
    </span>
  );
}
