import { describe, expect, it } from 'vitest';
import { bookingFromParams } from '../components/CalendlyReturn';
import { schedulingLink } from '../components/LinkInstructions';
import { displayLinkedPhone, parseChannelsParam, profileFieldError } from '../linkingRules';

describe('linking rules', () => {
  it("reads 360dialog's channels list in its bracket form, as JSON or as a plain list", () => {
    expect(parseChannelsParam('[ch_a,ch_b]')).toEqual(['ch_a', 'ch_b']);
    expect(parseChannelsParam('["ch_a", "ch_b"]')).toEqual(['ch_a', 'ch_b']);
    expect(parseChannelsParam('ch_a')).toEqual(['ch_a']);
    expect(parseChannelsParam('[]')).toEqual([]);
    expect(parseChannelsParam(null)).toEqual([]);
  });

  it('shows 521 numbers as +52 and the rest, others with a +', () => {
    expect(displayLinkedPhone('5215512345678')).toBe('+52 5512345678');
    expect(displayLinkedPhone('5491122334455')).toBe('+5491122334455');
  });

  it("checks one profile field with the API's rules, empty fields being fine", () => {
    expect(profileFieldError('website', '')).toBeNull();
    expect(profileFieldError('website', 'tienda')).toBe('El sitio web no es válido');
    expect(profileFieldError('website', ' https://tienda.mx ')).toBeNull();
    expect(profileFieldError('email', 'hola@')).toBe('Correo invalido');
    expect(profileFieldError('about', 'a'.repeat(255))).toBeNull();
    expect(profileFieldError('about', 'a'.repeat(256))).toBe(
      'La descripción debe tener menos de 256 caracteres',
    );
  });

  it('sends the scheduling page back to /integrations/calendly_auth', () => {
    expect(schedulingLink('https://calendly.com/charla/vinculacion?month=2026-12', 'https://app.test')).toBe(
      'https://calendly.com/charla/vinculacion?month=2026-12&redirect_url=https%3A%2F%2Fapp.test%2Fintegrations%2Fcalendly_auth',
    );
  });

  it('takes no booking from a return without Calendly parameters', () => {
    expect(bookingFromParams(new URLSearchParams('foo=1'))).toBeNull();
    expect(bookingFromParams(new URLSearchParams('invitee_first_name=Ana&invitee_last_name=Pérez'))).toEqual({
      eventStartTime: undefined,
      inviteeEmail: undefined,
      inviteeName: 'Ana Pérez',
      eventUri: undefined,
    });
  });
});
