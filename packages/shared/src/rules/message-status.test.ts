import { describe, expect, it } from 'vitest';
import {
  MESSAGE_STATUS_LABELS,
  messageStatusIcon,
  messageStatusRank,
  shouldApplyConversationStatus,
  shouldApplyStatus,
  windowExpiresAt,
  windowRemainingMinutes,
} from './message-status';

describe('messageStatusRank', () => {
  it('ranks statuses as 02 §4 does', () => {
    expect(messageStatusRank(null)).toBe(0);
    expect(messageStatusRank(undefined)).toBe(0);
    expect(messageStatusRank('sent')).toBe(0);
    expect(messageStatusRank('delivered')).toBe(1);
    expect(messageStatusRank('viewed')).toBe(2);
    expect(messageStatusRank('deleted')).toBe(3);
    expect(messageStatusRank('failed')).toBe(3);
    expect(messageStatusRank('warning')).toBe(3);
  });

  it('ranks unknown values lowest', () => {
    expect(messageStatusRank('read')).toBe(0);
  });
});

describe('shouldApplyStatus', () => {
  it('applies a higher status', () => {
    expect(shouldApplyStatus('sent', 'delivered')).toBe(true);
    expect(shouldApplyStatus(null, 'delivered')).toBe(true);
    expect(shouldApplyStatus('viewed', 'failed')).toBe(true);
  });

  it('drops a late delivered after viewed, and a repeat of the same status', () => {
    expect(shouldApplyStatus('viewed', 'delivered')).toBe(false);
    expect(shouldApplyStatus('delivered', 'delivered')).toBe(false);
    expect(shouldApplyStatus(null, 'sent')).toBe(false);
    expect(shouldApplyStatus('failed', 'deleted')).toBe(false);
  });
});

describe('shouldApplyConversationStatus', () => {
  it('applies an equal or higher status to the conversation', () => {
    expect(shouldApplyConversationStatus('delivered', 'delivered')).toBe(true);
    expect(shouldApplyConversationStatus('sent', 'viewed')).toBe(true);
    expect(shouldApplyConversationStatus('viewed', 'sent')).toBe(false);
  });
});

describe('status display', () => {
  it('has the Spanish labels of 02 §3', () => {
    expect(MESSAGE_STATUS_LABELS).toEqual({
      delivered: 'Entregado',
      sent: 'Enviado',
      viewed: 'Visto',
      failed: 'fallido',
    });
  });

  it('shows sent when absent and a clock for other values', () => {
    expect(messageStatusIcon(null)).toBe('sent');
    expect(messageStatusIcon('sent')).toBe('sent');
    expect(messageStatusIcon('delivered')).toBe('delivered');
    expect(messageStatusIcon('viewed')).toBe('viewed');
    expect(messageStatusIcon('warning')).toBe('pending');
  });
});

describe('reply window', () => {
  const now = new Date('2024-05-01T12:00:00Z');

  it('counts whole minutes left', () => {
    expect(windowRemainingMinutes(new Date('2024-05-01T13:30:30Z'), now)).toBe(90);
  });

  it('gives 0 when closed or unknown', () => {
    expect(windowRemainingMinutes(new Date('2024-05-01T11:00:00Z'), now)).toBe(0);
    expect(windowRemainingMinutes(null, now)).toBe(0);
  });

  it('accepts timestamps in seconds or milliseconds', () => {
    const expSeconds = Date.parse('2024-05-01T14:00:00Z') / 1000;
    expect(windowRemainingMinutes(expSeconds, now)).toBe(120);
    expect(windowRemainingMinutes(expSeconds * 1000, now.getTime())).toBe(120);
  });

  it('opens 24 hours for WhatsApp and 7 days for Messenger', () => {
    expect(windowExpiresAt(now, 'whatsapp').toISOString()).toBe('2024-05-02T12:00:00.000Z');
    expect(windowExpiresAt(now, 'messenger').toISOString()).toBe('2024-05-08T12:00:00.000Z');
  });
});

describe('message status at its bounds', () => {
  it('shows an absent status as sent', () => {
    expect(messageStatusIcon(undefined)).toBe('sent');
  });

  it('reads 1e11 as milliseconds already', () => {
    expect(windowRemainingMinutes(1e11 + 5 * 60000, 1e11)).toBe(5);
  });
});
