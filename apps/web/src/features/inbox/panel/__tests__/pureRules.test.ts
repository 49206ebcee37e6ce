import { DEFAULT_ROLE_PERMISSIONS, platformLabel, toPermissionMap } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import { conversationPhone, conversationTitle } from '../conversationDisplay';
import { DATASHEET_MESSAGES, validateDatasheetValue, valuesByField } from '../datasheet';
import { FORWARD_TEXTS, forwardProblem, toggleContact, toggleMessage } from '../forward';
import { panelAccess } from '../panelAccess';
import { makeConversation } from './panelTestKit';

describe('panel access flags', () => {
  it('let an admin see the phone, reassign, tag, schedule, delete and mark cold', () => {
    expect(panelAccess(toPermissionMap(DEFAULT_ROLE_PERMISSIONS.admin))).toEqual({
      seePhone: true,
      editTags: true,
      reassign: true,
      followUp: true,
      deleteConversation: true,
      markCold: true,
    });
  });

  it('keep the phone, reassignment and deletion from a seed agent', () => {
    expect(panelAccess(toPermissionMap(DEFAULT_ROLE_PERMISSIONS.agente))).toEqual({
      seePhone: false,
      editTags: true,
      reassign: false,
      followUp: true,
      deleteConversation: false,
      markCold: true,
    });
  });
});

describe('conversation display', () => {
  it('shows a 521 number as +52 and the rest, without the @c.us suffix (02 §5)', () => {
    expect(conversationPhone(makeConversation({ senderId: '5215511112222@c.us' }))).toBe('+525511112222');
  });

  it('shows any other number as + and the number', () => {
    expect(conversationPhone(makeConversation({ senderId: '5491122334455@c.us' }))).toBe('+5491122334455');
    expect(conversationPhone(makeConversation({ senderId: '34600111222' }))).toBe('+34600111222');
  });

  it('names the contact by the given name, else the channel name, else the phone for who may see it', () => {
    expect(conversationTitle(makeConversation({ name: 'Lucía' }), false)).toBe('Lucía');
    expect(conversationTitle(makeConversation({ name: null, nameFromChannel: 'Lu' }), false)).toBe('Lu');
    expect(conversationTitle(makeConversation({ name: ' ', nameFromChannel: null }), true)).toBe(
      '+525511112222',
    );
    expect(conversationTitle(makeConversation({ name: ' ', nameFromChannel: null }), false)).toBe(
      'Contacto sin nombre',
    );
  });

  it('labels the platforms in Spanish', () => {
    expect(platformLabel('whatsapp_cloud')).toBe('WhatsApp');
    expect(platformLabel('sandbox')).toBe('WhatsApp de prueba');
  });
});

describe('data-sheet values (02 §5 custom client data)', () => {
  const field = (type: string, options: string[] = []) => ({ type, options });

  it('accepts an empty value of any type: saving it removes the entry', () => {
    for (const type of ['string', 'number', 'email', 'phone', 'date', 'boolean', 'list']) {
      expect(validateDatasheetValue(field(type), '  ')).toBeNull();
    }
  });

  it('wants a positive number starting 1-9, decimals allowed', () => {
    expect(validateDatasheetValue(field('number'), '1500.50')).toBeNull();
    expect(validateDatasheetValue(field('number'), '0.5')).toBe('Debe ser un número válido');
    expect(validateDatasheetValue(field('number'), '-3')).toBe('Debe ser un número válido');
    expect(validateDatasheetValue(field('number'), 'mil')).toBe('Debe ser un número válido');
  });

  it("refuses a malformed e-mail with 'Correo inválido'", () => {
    expect(validateDatasheetValue(field('email'), 'ana@demo.mx')).toBeNull();
    expect(validateDatasheetValue(field('email'), 'ana@demo')).toBe('Correo inválido');
  });

  it('wants exactly 10 digits for a phone', () => {
    expect(validateDatasheetValue(field('phone'), '5512345678')).toBeNull();
    expect(validateDatasheetValue(field('phone'), '551234567')).toBe('El teléfono debe tener 10 dígitos');
    expect(validateDatasheetValue(field('phone'), '55 1234 5678')).toBe('El teléfono debe tener 10 dígitos');
  });

  it('wants a real calendar date as YYYY-MM-DD', () => {
    expect(validateDatasheetValue(field('date'), '2026-02-28')).toBeNull();
    expect(validateDatasheetValue(field('date'), '2026-02-30')).toBe(DATASHEET_MESSAGES.date);
    expect(validateDatasheetValue(field('date'), '28/02/2026')).toBe(DATASHEET_MESSAGES.date);
  });

  it("stores booleans as 'true' or 'false' only", () => {
    expect(validateDatasheetValue(field('boolean'), 'true')).toBeNull();
    expect(validateDatasheetValue(field('boolean'), 'sí')).toBe(DATASHEET_MESSAGES.boolean);
  });

  it("accepts only one of a list's options", () => {
    expect(validateDatasheetValue(field('list', ['CDMX', 'Monterrey']), 'Monterrey')).toBeNull();
    expect(validateDatasheetValue(field('list', ['CDMX', 'Monterrey']), 'Puebla')).toBe(
      DATASHEET_MESSAGES.list,
    );
  });

  it('caps free text at 1000 characters, as the API does', () => {
    expect(validateDatasheetValue(field('string'), 'a'.repeat(1000))).toBeNull();
    expect(validateDatasheetValue(field('string'), 'a'.repeat(1001))).toBe('Máximo 1000 caracteres');
  });

  it('indexes stored values by field', () => {
    const map = valuesByField([{ id: 1, clientId: 10, fieldId: 14, fieldName: 'Ciudad', value: 'CDMX' }]);
    expect(map.get(14)).toBe('CDMX');
    expect(map.get(99)).toBeUndefined();
  });
});

describe('forward limits (02 §5)', () => {
  it('takes up to 6 messages and refuses a seventh', () => {
    let selected: number[] = [];
    for (const id of [1, 2, 3, 4, 5, 6]) selected = toggleMessage(selected, id).selected;
    const seventh = toggleMessage(selected, 7);
    expect(seventh.refused).toBe(true);
    expect(seventh.selected).toEqual([1, 2, 3, 4, 5, 6]);
    // Unticking one makes room again.
    const room = toggleMessage(toggleMessage(selected, 3).selected, 7);
    expect(room).toEqual({ selected: [1, 2, 4, 5, 6, 7], refused: false });
  });

  it('takes up to 2 contacts and refuses a third', () => {
    const two = toggleContact(toggleContact([], 20).selected, 21).selected;
    expect(toggleContact(two, 22)).toEqual({ selected: [20, 21], refused: true });
  });

  it('needs at least one message and one contact', () => {
    expect(forwardProblem([], [20])).toBe(FORWARD_TEXTS.noMessages);
    expect(forwardProblem([1], [])).toBe(FORWARD_TEXTS.noContacts);
    expect(forwardProblem([1, 2, 3, 4, 5, 6, 7], [20])).toBe('Puedes reenviar hasta 6 mensajes');
    expect(forwardProblem([1], [20, 21, 22])).toBe('Puedes elegir hasta 2 contactos');
    expect(forwardProblem([1, 2], [20, 21])).toBeNull();
  });
});
