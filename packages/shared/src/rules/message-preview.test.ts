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

  it('previews a message whose text is missing instead of failing', () => {
    expect(messagePreview('button', undefined)).toBe('');
    expect(messagePreview('image', null)).toBe('📷 Imagen');
    expect(messagePreview('poll', undefined)).toBe('Mensaje');
    expect(messagePreview('constructor', '')).toBe('Mensaje');
  });

  it('labels orders, Flow replies, links, notices and unsupported messages in Spanish', () => {
    expect(messagePreview('order', '')).toBe('🛒 Pedido');
    expect(messagePreview('order', 'Sin cebolla')).toBe('🛒 Pedido: Sin cebolla');
    expect(messagePreview('flow_reply', 'Name: Ana\nOrder number: 12')).toBe('Formulario respondido');
    expect(messagePreview('link', 'https://www.facebook.com/reel/1')).toBe(
      '🔗 Enlace: https://www.facebook.com/reel/1',
    );
    expect(messagePreview('system', 'La identidad del cliente cambió')).toBe(
      'La identidad del cliente cambió',
    );
    expect(messagePreview('system', '')).toBe('Aviso del sistema');
    expect(messagePreview('unsupported', '')).toBe('Mensaje no compatible');
  });
});
