import { describe, expect, it } from 'vitest';
import { COMPOSE_MESSAGES, forwardWindowClosedMessage, templateVariablesMessage } from './compose';

describe('compose texts', () => {
  it('state the limits the API applies', () => {
    expect(COMPOSE_MESSAGES.textTooLong).toBe('El mensaje no debe exceder los 4096 caracteres');
    expect(COMPOSE_MESSAGES.contactsMax).toBe('Puedes enviar como máximo 2 contactos');
    expect(COMPOSE_MESSAGES.forwardMessagesCount).toBe('Elige entre 1 y 6 mensajes para reenviar.');
    expect(COMPOSE_MESSAGES.forwardContactsCount).toBe('Elige entre 1 y 2 contactos.');
  });

  it('name how many variables a template needs', () => {
    expect(templateVariablesMessage(3)).toBe('La plantilla necesita 3 variable(s).');
  });

  it('name the contact whose window is closed', () => {
    expect(forwardWindowClosedMessage('Ana')).toBe(
      'La ventana de respuesta de Ana está cerrada: no se le pueden reenviar mensajes.',
    );
  });
});
