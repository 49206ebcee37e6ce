import { describe, expect, it } from 'vitest';
import { fillWelcomeName, WELCOME_NAME_PLACEHOLDER } from './welcome-message';

describe('fillWelcomeName', () => {
  it("puts the contact's name in every placeholder", () => {
    expect(WELCOME_NAME_PLACEHOLDER).toBe('{{nombre_cliente}}');
    expect(
      fillWelcomeName('Hola {{nombre_cliente}}, bienvenido. {{nombre_cliente}}, ¿en qué te ayudo?', ' Ana '),
    ).toBe('Hola Ana, bienvenido. Ana, ¿en qué te ayudo?');
  });

  it('says "cliente" for a contact without a name', () => {
    expect(fillWelcomeName('Hola {{nombre_cliente}}', null)).toBe('Hola cliente');
    expect(fillWelcomeName('{{nombre_cliente}}', '  ')).toBe('cliente');
  });

  it('leaves a text without placeholders alone', () => {
    expect(fillWelcomeName('¡Bienvenido!', 'Ana')).toBe('¡Bienvenido!');
  });
});
