import { describe, expect, it } from 'vitest';
import { contactCardOf } from './contact-card';

describe('contactCardOf (02 §3 Message contact)', () => {
  it('reads a card a customer shared in WhatsApp’s shape', () => {
    const payload = {
      contacts: [
        {
          name: { formatted_name: 'Ana María López', first_name: 'Ana María', last_name: 'López' },
          phones: [
            { phone: '+52 55 1234 5678', wa_id: '5215512345678', type: 'CELL' },
            { phone: '+52 55 8765 4321', type: 'WORK' },
          ],
        },
        { name: { formatted_name: 'Otro' } },
      ],
    };
    expect(contactCardOf(41, payload)).toEqual({
      id: 41,
      name: { first_name: 'Ana María', last_name: 'López', formatted_name: 'Ana María López' },
      phones: [
        { id: 1, phone: '+52 55 1234 5678', wa_id: '5215512345678' },
        { id: 2, phone: '+52 55 8765 4321', wa_id: null },
      ],
    });
  });

  it('takes the first name from the formatted one when the card has no parts', () => {
    const card = contactCardOf(1, { contacts: [{ name: { formatted_name: 'Luis Pérez' }, phones: [] }] });
    expect(card?.name).toEqual({ first_name: 'Luis', last_name: null, formatted_name: 'Luis Pérez' });
    expect(card?.phones).toEqual([]);
  });

  it('reads a card an agent sent ({name, phone})', () => {
    expect(contactCardOf(7, { contacts: [{ name: 'Pedro Nuevo Ruiz', phone: '5491123456789' }] })).toEqual({
      id: 7,
      name: { first_name: 'Pedro', last_name: 'Nuevo Ruiz', formatted_name: 'Pedro Nuevo Ruiz' },
      phones: [{ id: 1, phone: '5491123456789', wa_id: null }],
    });
  });

  it('answers null for a message without cards', () => {
    expect(contactCardOf(1, null)).toBeNull();
    expect(contactCardOf(1, { contacts: [] })).toBeNull();
    expect(contactCardOf(1, { location: {} })).toBeNull();
  });
});
