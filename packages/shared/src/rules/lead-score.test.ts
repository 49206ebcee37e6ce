import { describe, expect, it } from 'vitest';
import { leadScore } from './lead-score';

const base = {
  messages: 0,
  agents: 0,
  hasWebsite: false,
  device: null,
  connSpeedMBps: null,
  country: 'MX',
  referralCode: null,
};

describe('leadScore', () => {
  it('gives the floor for an empty Mexican sign-up on a slow connection', () => {
    // speed else +0.05, MX +0.05
    expect(leadScore(base)).toBe(0.1);
  });

  it('weights messages and agents 0.7 / 0.3, then times 0.3', () => {
    // (1000/2000*0.7 + 2/5*0.3) * 0.3 = (0.35 + 0.12) * 0.3 = 0.141
    expect(leadScore({ ...base, messages: 1000, agents: 2 })).toBe(0.241);
  });

  it('adds website, device, speed, country and referral bonuses', () => {
    expect(leadScore({ ...base, hasWebsite: true })).toBe(0.2);
    expect(leadScore({ ...base, device: 'mobile' })).toBe(0.15);
    expect(leadScore({ ...base, device: 'desktop' })).toBe(0.25);
    expect(leadScore({ ...base, connSpeedMBps: 50 })).toBe(0.15);
    expect(leadScore({ ...base, connSpeedMBps: 100 })).toBe(0.25);
    expect(leadScore({ ...base, country: 'AR' })).toBe(0.15);
    expect(leadScore({ ...base, referralCode: 'ABC' })).toBe(0.3);
  });

  it('treats México by name as MX and a missing country as not MX', () => {
    expect(leadScore({ ...base, country: 'México' })).toBe(0.1);
    expect(leadScore({ ...base, country: null })).toBe(0.15);
  });

  it('ignores a blank referral code', () => {
    expect(leadScore({ ...base, referralCode: '  ' })).toBe(0.1);
  });

  it('is capped at 1', () => {
    const max = leadScore({
      messages: 2000,
      agents: 5,
      hasWebsite: true,
      device: 'desktop',
      connSpeedMBps: 150,
      country: 'CO',
      referralCode: 'REF',
    });
    // 0.3 + 0.1 + 0.15 + 0.2 + 0.1 + 0.2 = 1.05
    expect(max).toBe(1);
  });
});
