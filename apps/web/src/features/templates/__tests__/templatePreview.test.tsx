import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TemplatePreview } from '../components/TemplatePreview';

describe('template preview', () => {
  it('renders WhatsApp markup as the inbox does, with each example in place of its variable', () => {
    render(
      <TemplatePreview
        text={'*Hola {{1}}*, tu pedido _{{2}}_ llegó. ~Antes~ ahora ```{{3}}```'}
        examples={['Lucía', 'A-778', 'GUIA123']}
        header={{ type: 'none' }}
      />,
    );
    const bubble = screen.getByTestId('template-preview');
    expect(screen.getByTestId('message-text').textContent).toBe(
      'Hola Lucía, tu pedido A-778 llegó. Antes ahora GUIA123',
    );
    expect(bubble.querySelector('strong')?.textContent).toBe('Hola Lucía');
    expect(bubble.querySelector('em')?.textContent).toBe('A-778');
    expect(bubble.querySelector('s')?.textContent).toBe('Antes');
    expect(bubble.querySelector('code')?.textContent).toBe('GUIA123');
    expect(screen.queryByTestId('template-preview-header')).toBeNull();
    // The time of the bubble, hh:mm.
    expect(bubble.querySelector('.tpl-bubble-time')?.textContent).toMatch(/\d{1,2}:\d{2}/);
  });

  it('keeps {{n}} visible while a variable has no example', () => {
    render(
      <TemplatePreview
        text="Hola {{1}}, te escribe {{2}}."
        examples={['Ana', '']}
        header={{ type: 'none' }}
      />,
    );
    expect(screen.getByTestId('message-text').textContent).toBe('Hola Ana, te escribe {{2}}.');
  });

  it('shows the header above the text: a title, an image, or a document by its name', () => {
    const { rerender } = render(
      <TemplatePreview text="Hola" examples={[]} header={{ type: 'text', text: 'Tu pedido' }} />,
    );
    expect(screen.getByTestId('template-preview-header').tagName).toBe('STRONG');
    expect(screen.getByTestId('template-preview-header').textContent).toBe('Tu pedido');
    rerender(
      <TemplatePreview
        text="Hola"
        examples={[]}
        header={{
          type: 'imagen',
          url: 'http://x/uploads/a.png',
          mimeType: 'image/png',
          fileName: 'a.png',
          size: 10,
        }}
      />,
    );
    const image = screen.getByTestId('template-preview-header');
    expect(image.getAttribute('src')).toBe('http://x/uploads/a.png');
    expect(image.getAttribute('alt')).toBe('Encabezado: a.png');
    rerender(
      <TemplatePreview
        text="Hola"
        examples={[]}
        header={{
          type: 'doc',
          url: 'http://x/uploads/c.pdf',
          mimeType: 'application/pdf',
          fileName: 'catálogo.pdf',
          size: 10,
        }}
      />,
    );
    expect(screen.getByTestId('template-preview-header').textContent).toContain('catálogo.pdf');
  });
});
