import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  agentRoom,
  companyRoom,
  isCompanyWideRole,
  onboardingRoom,
  phoneRoom,
  REALTIME_EVENTS,
  type RealtimeEventMap,
  type RealtimeEventName,
  roomForUser,
} from './realtime-events';

describe('realtime events', () => {
  it('uses the wire names as values', () => {
    for (const [key, value] of Object.entries(REALTIME_EVENTS)) expect(value).toBe(key);
    expect(Object.keys(REALTIME_EVENTS)).toHaveLength(18);
  });

  it('types every event in the payload map', () => {
    expectTypeOf<keyof RealtimeEventMap>().toEqualTypeOf<RealtimeEventName>();
    expectTypeOf<RealtimeEventMap['progressBar']>().toEqualTypeOf<{
      progress: number;
      processed: number;
      total: number;
    }>();
  });
});

describe('rooms', () => {
  it('names company and agent rooms as in 02 §7', () => {
    expect(companyRoom(7)).toBe('company_7');
    expect(agentRoom(12)).toBe('agent_12');
    expect(onboardingRoom(3)).toBe('onboarding_3');
    expect(phoneRoom('5215511112222')).toBe('phone_5215511112222');
  });

  it('puts admins, superadmins and group admins in the company room', () => {
    expect(roomForUser('admin', 1, 9)).toBe('company_1');
    expect(roomForUser('superadmin', 1, 9)).toBe('company_1');
    expect(roomForUser('groupadmin', 1, 9)).toBe('company_1');
  });

  it('puts agents and other roles in their own room', () => {
    expect(roomForUser('agente', 1, 9)).toBe('agent_9');
    expect(roomForUser('Community Manager', 1, 9)).toBe('agent_9');
    expect(roomForUser('Admin', 1, 9)).toBe('agent_9');
    expect(isCompanyWideRole('agente')).toBe(false);
  });
});
