import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WhatsappText } from './WhatsappText';

function renderText(text: string): HTMLElement {
  return render(<WhatsappText text={text} />).getByTestId('message-text');
}

describe('WhatsApp text', () => {
  it('shows *bold*, _italic_, ~strikethrough~ and ```monospace``` without their markers', () => {
    const el = renderText('*Oferta* _solo hoy_ ~$900~ código ```MX-42```');
    expect(el.querySelector('strong')?.textContent).toBe('Oferta');
    expect(el.querySelector('em')?.textContent).toBe('solo hoy');
    expect(el.querySelector('s')?.textContent).toBe('$900');
    expect(el.querySelector('code')?.textContent).toBe('MX-42');
    expect(el.textContent).toBe('Oferta solo hoy $900 código MX-42');
  });

  it('nests styles: *_x_* is bold italic', () => {
    const el = renderText('*_importante_*');
    expect(el.querySelector('strong > em')?.textContent).toBe('importante');
  });

  it('leaves unmatched or spaced markers as typed, and keeps line breaks', () => {
    const el = renderText('2*3*4 = 24\n* no es negrita *\n_abierto');
    expect(el.querySelector('strong, em')).toBeNull();
    expect(el.textContent).toBe('2*3*4 = 24\n* no es negrita *\n_abierto');
  });

  it('opens links in a new tab without giving the page access to the inbox', () => {
    const el = renderText('Catálogo: www.tienda.mx/catalogo y https://tienda.mx/pago.');
    const links = el.querySelectorAll('a');
    expect([...links].map((a) => a.getAttribute('href'))).toEqual([
      'https://www.tienda.mx/catalogo',
      'https://tienda.mx/pago',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    expect(el.textContent?.endsWith('https://tienda.mx/pago.')).toBe(true);
  });

  it('shows HTML a customer typed as text, never as markup', () => {
    const el = renderText('<img src=x onerror=alert(1)> <b>hola</b>');
    expect(el.querySelector('img, b')).toBeNull();
    expect(el.textContent).toBe('<img src=x onerror=alert(1)> <b>hola</b>');
  });
});
