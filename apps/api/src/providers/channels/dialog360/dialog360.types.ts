/**
 * 360dialog WhatsApp API payloads. For Cloud API numbers 360dialog is a pass-through: send bodies, send answers,
 * Meta's errors and webhooks are the Cloud API's own (https://docs.360dialog.com/the-basics), so those types are
 * the WhatsApp Cloud ones. Only 360dialog's gateway adds its own error envelope.
 */

export type {
  GraphErrorResponse,
  WaOutboundMessage,
  WaSendResponse,
  WaWebhookPayload,
} from '../whatsapp-cloud/whatsapp-cloud.types';

/**
 * An error raised by 360dialog's gateway itself, before Meta is reached (invalid D360-API-KEY, blocked endpoint,
 * unpaid account): https://docs.360dialog.com/api/api-error-message-list
 */
export interface D360GatewayErrorResponse {
  meta: {
    success: false;
    http_code: number;
    developer_message: string;
    '360dialog_trace_id'?: string;
  };
}
