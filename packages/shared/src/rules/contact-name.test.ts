import { describe, expect, it } from 'vitest';
import { contactDisplayName, contactFullName, contactNameParts, UNNAMED_CONTACT } from './contact-name';

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

describe('contactNameParts and contactFullName (issue 19: one split for the inbox, Contactos and the CSV)', () => {
  it('splits a channel name into Nombre and Apellido, as the inbox shows it whole', () => {
    const pedro = { name: null, nameFromChannel: 'Pedro  Nuevo', lastName: null };
    expect(contactNameParts(pedro)).toEqual({ firstName: 'Pedro', lastName: 'Nuevo' });
    expect(contactDisplayName(pedro, false)).toBe('Pedro Nuevo');
    expect(contactNameParts({ nameFromChannel: 'Pedro' })).toEqual({ firstName: 'Pedro', lastName: null });
    expect(contactNameParts({ name: '  ', nameFromChannel: null })).toEqual({
      firstName: null,
      lastName: null,
    });
  });

  it('prefers the team’s name as the inbox does, and a stored last name over the rest of the words', () => {
    expect(contactNameParts({ name: 'Juan Díaz', nameFromChannel: 'Pedro Nuevo' })).toEqual({
      firstName: 'Juan',
      lastName: 'Díaz',
    });
    const imported = { name: 'María José', nameFromChannel: null, lastName: 'García' };
    expect(contactNameParts(imported)).toEqual({ firstName: 'María', lastName: 'García' });
    expect(contactDisplayName(imported, false)).toBe('María José García');
    expect(contactFullName({ name: 'Ana Ríos', lastName: 'Ríos' })).toBe('Ana Ríos');
  });
});

describe('contact names of several words', () => {
  it('shows a stored last name alone, or nothing, when there is no name', () => {
    expect(contactFullName({ name: null, nameFromChannel: ' ', lastName: 'García' })).toBe('García');
    expect(contactFullName({ name: null, nameFromChannel: null, lastName: null })).toBeNull();
  });

  it('does not repeat a last name of one or two words the name already ends with', () => {
    expect(contactFullName({ name: 'Ana María Ríos', lastName: 'Ríos' })).toBe('Ana María Ríos');
    expect(contactFullName({ name: 'Ana María Ríos Paz', lastName: ' Ríos  Paz ' })).toBe(
      'Ana María Ríos Paz',
    );
    expect(contactFullName({ name: 'Ana María', lastName: 'Ríos Paz' })).toBe('Ana María Ríos Paz');
  });

  it('keeps the words of a last name apart', () => {
    expect(contactNameParts({ name: 'María', lastName: 'López Ruiz' })).toEqual({
      firstName: 'María',
      lastName: 'López Ruiz',
    });
    expect(contactNameParts({ nameFromChannel: 'Pedro Nuevo Gómez' })).toEqual({
      firstName: 'Pedro',
      lastName: 'Nuevo Gómez',
    });
  });
});
