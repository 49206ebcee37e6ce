import { describe, expect, it } from 'vitest';
import { defaultWorkingHours } from '../team';
import { pickAgentForNewConversation, withAgentName } from './assignment';

describe('withAgentName', () => {
  it('puts the name in bold on WhatsApp and plain elsewhere', () => {
    expect(withAgentName('Hola', 'Ana López', 'whatsapp_cloud')).toBe('*Ana López*:\nHola');
    expect(withAgentName('Hola', 'Ana', 'sandbox')).toBe('*Ana*:\nHola');
    expect(withAgentName('Hola', 'Ana', 'messenger')).toBe('Ana:\nHola');
    expect(withAgentName('Hola', 'Ana', 'sms')).toBe('Ana:\nHola');
  });

  it('keeps markup characters of the name from breaking the bold, and leaves a nameless text alone', () => {
    expect(withAgentName('Hola', '*Ana*_', 'whatsapp_cloud')).toBe('*Ana*:\nHola');
    expect(withAgentName('Hola', '  ', 'whatsapp_cloud')).toBe('Hola');
  });
});

describe('pickAgentForNewConversation', () => {
  // Monday 2026-11-23 15:00 UTC is 10:00 in Bogotá.
  const monday = new Date('2026-11-23T15:00:00Z');
  const bogota = { ...defaultWorkingHours('America/Bogota'), isActive: true };

  it('gives it to the least-loaded agent on duty', () => {
    const picked = pickAgentForNewConversation(
      [
        { id: 1, load: 5, workingHours: null },
        { id: 2, load: 2, workingHours: bogota },
        { id: 3, load: 3, workingHours: null },
      ],
      monday,
    );
    expect(picked).toBe(2);
  });

  it('skips agents outside their hours, and gives null when nobody is on duty', () => {
    const saturday = new Date('2026-11-28T15:00:00Z');
    expect(
      pickAgentForNewConversation(
        [
          { id: 1, load: 0, workingHours: bogota },
          { id: 2, load: 9, workingHours: null },
        ],
        saturday,
      ),
    ).toBe(2);
    expect(pickAgentForNewConversation([{ id: 1, load: 0, workingHours: bogota }], saturday)).toBeNull();
    expect(pickAgentForNewConversation([], monday)).toBeNull();
  });

  it('spreads ties by the random draw', () => {
    const tied = [
      { id: 1, load: 1, workingHours: null },
      { id: 2, load: 1, workingHours: null },
    ];
    expect(pickAgentForNewConversation(tied, monday, () => 0)).toBe(1);
    expect(pickAgentForNewConversation(tied, monday, () => 0.99)).toBe(2);
    expect(pickAgentForNewConversation(tied, monday, () => 1)).toBe(2);
  });
});
