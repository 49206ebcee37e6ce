import { describe, expect, it } from 'vitest';
import { contactDisplayName, UNNAMED_CONTACT } from './contact-name';

describe('contactDisplayName', () => {
  it('prefers the given name, then the channel profile name', () => {
    expect(
      contactDisplayName({ name: ' Ana ', nameFromChannel: 'Ana P', senderId: '5215512345678' }, true),
    ).toBe('Ana');
    expect(
      contactDisplayName({ name: '  ', nameFromChannel: 'Ana P', senderId: '5215512345678' }, false),
    ).toBe('Ana P');
  });

  it('shows the phone only with canSeePhoneNumber, and never an empty name', () => {
    const contact = { name: null, nameFromChannel: null, senderId: '5215512345678' };
    expect(contactDisplayName(contact, true)).toBe('+5215512345678'.replace('+521', '+52'));
    expect(contactDisplayName(contact, false)).toBe(UNNAMED_CONTACT);
    expect(contactDisplayName({ name: null, senderId: null }, true)).toBe(UNNAMED_CONTACT);
  });
});
