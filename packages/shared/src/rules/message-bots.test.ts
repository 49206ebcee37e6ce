import { describe, expect, it } from 'vitest';
import {
  MESSAGE_BOT_LAPSE_MAX_SECONDS,
  MESSAGE_BOT_LAPSE_MIN_SECONDS,
  MESSAGE_BOT_MESSAGES,
  messageBotLapseError,
} from './message-bots';

describe('messageBotLapseError', () => {
  it('takes whole seconds from one minute to thirty days', () => {
    expect(MESSAGE_BOT_LAPSE_MIN_SECONDS).toBe(60);
    expect(MESSAGE_BOT_LAPSE_MAX_SECONDS).toBe(2_592_000);
    for (const ok of [60, 3600, 86_400, 259_200, 2_592_000]) expect(messageBotLapseError(ok)).toBeNull();
  });

  it('refuses less than a minute, more than thirty days and fractions, in Spanish', () => {
    expect(messageBotLapseError(59)).toBe(MESSAGE_BOT_MESSAGES.lapseTooShort);
    expect(messageBotLapseError(0)).toBe(MESSAGE_BOT_MESSAGES.lapseTooShort);
    expect(messageBotLapseError(-3600)).toBe(MESSAGE_BOT_MESSAGES.lapseTooShort);
    expect(messageBotLapseError(2_592_001)).toBe(MESSAGE_BOT_MESSAGES.lapseTooLong);
    expect(messageBotLapseError(90.5)).toBe(MESSAGE_BOT_MESSAGES.lapseInvalid);
    expect(messageBotLapseError(Number.NaN)).toBe(MESSAGE_BOT_MESSAGES.lapseInvalid);
    expect(messageBotLapseError(Number.POSITIVE_INFINITY)).toBe(MESSAGE_BOT_MESSAGES.lapseInvalid);
  });
});
