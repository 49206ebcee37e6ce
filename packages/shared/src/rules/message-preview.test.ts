import { describe, expect, it } from 'vitest';
import { messagePreview } from './message-preview';

describe('messagePreview', () => {
  it('shows text as it is', () => {
    expect(messagePreview('text', ' Hola ')).toBe('Hola');
    expect(messagePreview('interactive', 'Sí, confirmo')).toBe('Sí, confirmo');
  });

  it('labels media in Spanish, with the caption when there is one', () => {
    expect(messagePreview('image', '')).toBe('📷 Imagen');
    expect(messagePreview('document', 'factura.pdf')).toBe('📄 Documento: factura.pdf');
    expect(messagePreview('location', 'Oficina')).toBe('📍 Ubicación: Oficina');
    expect(messagePreview('reaction', '👍')).toBe('Reaccionó: 👍');
  });

  it('falls back to a generic label for unknown types', () => {
    expect(messagePreview('poll', '')).toBe('Mensaje');
  });
});
