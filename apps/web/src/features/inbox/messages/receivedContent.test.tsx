import type { MessageView } from '@crm/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageBubble } from './MessageBubble';
import { makeMessage } from './testMessage';

function renderMessage(overrides: Partial<MessageView>): HTMLElement {
  render(<MessageBubble message={makeMessage(overrides)} />);
  return screen.getByTestId('message-bubble');
}

// Intl separates a currency code from its amount with a no-break space.
const money = (text: string) => text.replace(' ', '\u00a0');

describe('orders', () => {
  it('shows an order card with every item, its quantity and price, and the total in es-MX', () => {
    const bubble = renderMessage({
      type: 'order',
      content: '',
      payload: {
        order: {
          catalogId: '354160437058781',
          note: null,
          items: [
            { productId: 'HAMBURGER', name: null, quantity: 3, itemPrice: 30, currency: 'ILS' },
            { productId: 'FRENCH_FRIES', name: 'Papas fritas', quantity: 2, itemPrice: 35, currency: 'ILS' },
            { productId: 'SODA', name: null, quantity: 2, itemPrice: 10, currency: 'ILS' },
          ],
          total: 180,
          currency: 'ILS',
        },
      },
    });
    const card = within(bubble).getByTestId('message-order');
    const rows = within(card)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'ProductoCant.Precio',
      `HAMBURGER3${money('ILS 30.00')}`,
      `Papas fritas2${money('ILS 35.00')}`,
      `SODA2${money('ILS 10.00')}`,
    ]);
    expect(within(card).getByTestId('message-order-total').textContent).toBe(`Total: ${money('ILS 180.00')}`);
  });

  it('writes pesos as es-MX does and gives no total for unpriced items', () => {
    const bubble = renderMessage({
      type: 'order',
      content: '',
      payload: {
        order: {
          items: [
            { productId: 'TACO', quantity: 4, itemPrice: 25.5, currency: 'MXN' },
            { productId: 'SALSA', quantity: 1, itemPrice: null, currency: 'MXN' },
          ],
        },
      },
    });
    expect(within(bubble).getByText('$25.50')).toBeDefined();
    expect(within(bubble).queryByTestId('message-order-total')).toBeNull();
  });

  it('keeps a customer note as text, never as markup', () => {
    const bubble = renderMessage({
      type: 'order',
      content: '<img src=x onerror=alert(1)>',
      payload: { order: { items: [], note: '<img src=x onerror=alert(1)>' } },
    });
    expect(bubble.querySelector('img')).toBeNull();
    expect(within(bubble).getByText('<img src=x onerror=alert(1)>')).toBeDefined();
  });
});

describe('Flow replies', () => {
  it('shows the answered fields with readable labels, without the flow token', () => {
    const bubble = renderMessage({
      type: 'flow_reply',
      content: 'Name: Email\nOrder number: ID',
      payload: {
        flowReply: {
          name: 'flow',
          body: 'Sent',
          fields: [
            { key: 'screen_0_name_0', value: 'Email' },
            { key: 'screen_0_orderNumber_1', value: 'ID' },
          ],
        },
      },
    });
    const card = within(bubble).getByTestId('message-flow-reply');
    expect(within(card).getByText('Formulario respondido')).toBeDefined();
    const fields = [...card.querySelectorAll('.msg-flow-field')].map((field) => field.textContent);
    expect(fields).toEqual(['NameEmail', 'Order numberID']);
  });
});

describe('ad referrals', () => {
  it("shows 'Desde anuncio: {headline}' linking to the ad", () => {
    const bubble = renderMessage({
      content: 'Hola, vi su anuncio',
      payload: {
        referral: {
          source: 'ad',
          headline: 'Diana Digital',
          sourceUrl: 'https://fb.me/3TYpooaRT',
          ref: null,
        },
      },
    });
    const box = within(bubble).getByTestId('message-referral');
    const link = within(box).getByRole('link', { name: 'Desde anuncio: Diana Digital' });
    expect(link.getAttribute('href')).toBe('https://fb.me/3TYpooaRT');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(bubble).getByText('Hola, vi su anuncio')).toBeDefined();
  });

  it('never links an ad URL that is not a web address', () => {
    const bubble = renderMessage({
      payload: { referral: { source: 'ad', headline: 'Promo', sourceUrl: 'javascript:alert(1)' } },
    });
    const box = within(bubble).getByTestId('message-referral');
    expect(within(box).queryByRole('link')).toBeNull();
    expect(box.textContent).toBe('Desde anuncio: Promo');
  });
});

describe('links', () => {
  it('shows a reel as a link to it', () => {
    const bubble = renderMessage({
      type: 'link',
      content: 'https://www.facebook.com/reel/123',
      payload: { link: { url: 'https://www.facebook.com/reel/123', title: null, source: 'reel' } },
    });
    const link = within(bubble).getByRole('link', { name: 'Ver reel' });
    expect(link.getAttribute('href')).toBe('https://www.facebook.com/reel/123');
  });

  it('shows a shared page by its title with the words sent with it', () => {
    const bubble = renderMessage({
      type: 'link',
      content: 'mira esto',
      payload: { link: { url: 'https://tienda.example.com/p/1', title: 'Vestido azul', source: 'fallback' } },
    });
    expect(within(bubble).getByText('mira esto')).toBeDefined();
    expect(within(bubble).getByRole('link', { name: 'Vestido azul' }).getAttribute('href')).toBe(
      'https://tienda.example.com/p/1',
    );
  });

  it('shows an address that is not a web link as text only', () => {
    const bubble = renderMessage({
      type: 'link',
      content: 'URL_OF_THE_ATTACHMENT',
      payload: { link: { url: 'URL_OF_THE_ATTACHMENT', title: 'Título', source: 'fallback' } },
    });
    expect(within(bubble).queryByRole('link')).toBeNull();
    expect(within(bubble).getByText('Título')).toBeDefined();
  });
});

describe('edits and deletions', () => {
  it("marks an edited message 'Editado' and shows its new text", () => {
    const bubble = renderMessage({ content: 'Mejor a las 6', editedAt: '2026-01-15T15:10:00.000Z' });
    expect(within(bubble).getByText('Mejor a las 6')).toBeDefined();
    expect(within(bubble).getByText('Editado')).toBeDefined();
  });

  it('says the customer deleted a message, without its content', () => {
    const bubble = renderMessage({
      content: '',
      messageStatus: 'deleted',
      payload: { deletedBy: 'CLIENT', deletedAt: '2026-01-15T15:10:00.000Z' },
      editedAt: '2026-01-15T15:09:00.000Z',
    });
    expect(within(bubble).getByText('El cliente eliminó este mensaje').closest('em')).not.toBeNull();
    expect(within(bubble).queryByText('Editado')).toBeNull();
  });
});

describe('system notices', () => {
  it('shows a number change as a centred line, not as a bubble of the customer', () => {
    render(
      <MessageBubble
        message={makeMessage({
          type: 'system',
          sender: 'SYSTEM',
          content: 'El cliente cambió su número de +972987654321 a +972912345678',
          payload: {
            system: { event: 'number_changed', oldNumber: '972987654321', newNumber: '972912345678' },
          },
        })}
      />,
    );
    expect(screen.queryByTestId('message-bubble')).toBeNull();
    const line = screen.getByRole('note');
    expect(line.textContent).toBe('El cliente cambió su número de +972987654321 a +972912345678');
  });

  it('writes the notice from its parts when it has no text', () => {
    render(
      <MessageBubble
        message={makeMessage({
          type: 'system',
          sender: 'SYSTEM',
          content: '',
          payload: { system: { event: 'identity_changed' } },
        })}
      />,
    );
    expect(screen.getByRole('note').textContent).toBe('La identidad del cliente cambió');
  });
});

describe('forwarded and echoed messages', () => {
  it('marks forwarded messages', () => {
    const bubble = renderMessage({ payload: { forwarded: 'many' } });
    expect(within(bubble).getByText('Reenviado muchas veces')).toBeDefined();
  });

  it('says when the business wrote a message outside the CRM', () => {
    const bubble = renderMessage({ sender: 'AGENT', messageStatus: 'sent', payload: { echo: true } });
    expect(bubble.dataset.direction).toBe('outgoing');
    expect(within(bubble).getByText('Enviado fuera del CRM')).toBeDefined();
  });
});
