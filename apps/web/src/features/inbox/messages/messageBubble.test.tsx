import type { MessageView } from '@crm/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MessageBubble } from './MessageBubble';
import { makeMessage } from './testMessage';

function renderMessage(overrides: Partial<MessageView>): HTMLElement {
  render(<MessageBubble message={makeMessage(overrides)} />);
  return screen.getByTestId('message-bubble');
}

const media = (type: string, file: Record<string, unknown>, content = '') =>
  ({
    type,
    content,
    payload: { file: { fileType: type, mimeType: null, weight: null, name: null, ...file } },
  }) as const;

describe('message bubble layout', () => {
  it("puts the customer's messages on the left and the team's on the right, with the time as HH:mm", () => {
    render(
      <>
        <MessageBubble message={makeMessage({ id: 1, sender: 'CLIENT', content: 'Hola' })} />
        <MessageBubble
          message={makeMessage({ id: 2, sender: 'AGENT', content: 'Buenas', messageStatus: 'sent' })}
        />
      </>,
    );
    const [incoming, outgoing] = screen.getAllByTestId('message-bubble');
    expect(incoming?.dataset.direction).toBe('incoming');
    expect(incoming?.className).toContain('msg-row-incoming');
    expect(outgoing?.dataset.direction).toBe('outgoing');
    expect(outgoing?.className).toContain('msg-row-outgoing');
    for (const bubble of [incoming, outgoing]) {
      expect(within(bubble as HTMLElement).getByText('09:05')).toBeDefined();
    }
  });

  it('shows the quoted message above the reply', () => {
    const bubble = renderMessage({
      content: 'Sí, esa misma',
      quotedMsgId: 5,
      quotedMsgBody: 'Sala *esquinera*',
      quotedMsgType: 'image',
    });
    const quote = within(bubble).getByTestId('message-quote');
    expect(quote.textContent).toBe('📷 Imagen: Sala esquinera');
    const text = within(bubble).getByText('Sí, esa misma');
    // The quote comes first in reading order.
    expect(quote.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('offers a reply action that quotes this message', () => {
    const onReply = vi.fn();
    const message = makeMessage({ content: '¿Tienen envío?' });
    render(<MessageBubble message={message} onReply={onReply} />);
    fireEvent.click(screen.getByRole('button', { name: 'Responder' }));
    expect(onReply).toHaveBeenCalledWith(message);
  });

  it("marks the bot's messages as the bot's, with a robot and a colour of their own, unlike an agent's", () => {
    render(
      <>
        <MessageBubble
          message={makeMessage({
            id: 1,
            sender: 'BOT',
            content: 'Hola, soy el asistente',
            messageStatus: 'sent',
          })}
        />
        <MessageBubble
          message={makeMessage({ id: 2, sender: 'AGENT', content: 'Hola, soy Ana', messageStatus: 'sent' })}
        />
      </>,
    );
    const [bot, agent] = screen.getAllByTestId('message-bubble') as [HTMLElement, HTMLElement];
    expect(bot.dataset.sender).toBe('BOT');
    expect(bot.dataset.direction).toBe('outgoing');
    const label = within(bot).getByTestId('message-bot');
    expect(label.textContent?.trim()).toBe('Bot');
    expect(label.querySelector('.anticon-robot')).not.toBeNull();
    expect(bot.querySelector('.msg-bubble')?.className).toContain('msg-bubble-bot');

    expect(agent.dataset.sender).toBe('AGENT');
    expect(within(agent).queryByTestId('message-bot')).toBeNull();
    expect(agent.querySelector('.msg-bubble')?.className).not.toContain('msg-bubble-bot');
  });

  it('offers no reply action when the window gives none', () => {
    renderMessage({ content: 'Hola' });
    expect(screen.queryByRole('button', { name: 'Responder' })).toBeNull();
  });
});

describe('message content by type', () => {
  it('renders text with its WhatsApp formatting and links', () => {
    const bubble = renderMessage({ content: 'Tu pedido *#512* está _en camino_: https://envios.mx/512' });
    expect(within(bubble).getByText('#512').tagName).toBe('STRONG');
    expect(within(bubble).getByText('en camino').tagName).toBe('EM');
    const link = within(bubble).getByRole('link', { name: 'https://envios.mx/512' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('shows an image thumbnail that opens the full-size picture on click, with its caption', () => {
    const bubble = renderMessage(media('image', { url: 'https://cdn.mx/sala.jpg' }, 'Sala en *oferta*'));
    const thumbnail = within(bubble).getByRole('img', { name: 'Sala en *oferta*' });
    expect(thumbnail.getAttribute('src')).toBe('https://cdn.mx/sala.jpg');
    expect(within(bubble).getByText('oferta').tagName).toBe('STRONG');

    fireEvent.click(thumbnail);
    const preview = screen.getByRole('dialog');
    expect(preview.querySelector('img')?.getAttribute('src')).toBe('https://cdn.mx/sala.jpg');
  });

  it('says when a received image has no URL yet', () => {
    const bubble = renderMessage(media('image', { url: null }));
    expect(within(bubble).getByText('Imagen no disponible')).toBeDefined();
    expect(within(bubble).queryByRole('img')).toBeNull();
  });

  it('plays a video with controls and a Spanish fallback text', () => {
    const bubble = renderMessage(media('video', { url: 'https://cdn.mx/demo.mp4' }, 'Recorrido'));
    const video = bubble.querySelector('video');
    expect(video?.getAttribute('src')).toBe('https://cdn.mx/demo.mp4');
    expect(video?.hasAttribute('controls')).toBe(true);
    expect(video?.textContent).toBe('Tu navegador no soporta video');
    expect(within(bubble).getByText('Recorrido')).toBeDefined();
  });

  it('plays audio with controls', () => {
    const bubble = renderMessage(media('audio', { url: 'https://cdn.mx/nota.ogg', mimeType: 'audio/ogg' }));
    const audio = bubble.querySelector('audio');
    expect(audio?.getAttribute('src')).toBe('https://cdn.mx/nota.ogg');
    expect(audio?.hasAttribute('controls')).toBe(true);
  });

  it.each([
    [544768, '532 KB'],
    [1468006, '1.4 MB'],
  ])('shows a document with its icon, name and a size of %i bytes as %s', (weight, size) => {
    const bubble = renderMessage(
      media('document', {
        url: 'https://cdn.mx/cotizacion.pdf',
        name: 'cotizacion.pdf',
        mimeType: 'application/pdf',
        weight,
      }),
    );
    const link = within(bubble).getByRole('link', { name: 'Descargar cotizacion.pdf' });
    expect(link.getAttribute('href')).toBe('https://cdn.mx/cotizacion.pdf');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(link).getByText('cotizacion.pdf')).toBeDefined();
    expect(within(link).getByText(size)).toBeDefined();
    expect(link.querySelector('.anticon-file-pdf')).not.toBeNull();
  });

  it('shows a document without name or size as "Documento"', () => {
    const bubble = renderMessage(media('document', { url: null }));
    expect(within(bubble).getByTestId('message-document').textContent).toBe('Documento');
  });

  it('shows a sticker without a bubble frame', () => {
    const bubble = renderMessage(media('sticker', { url: 'https://cdn.mx/s.webp' }));
    expect(within(bubble).getByRole('img', { name: 'Sticker' }).getAttribute('src')).toBe(
      'https://cdn.mx/s.webp',
    );
    expect(bubble.querySelector('.msg-bubble-frameless')).not.toBeNull();
  });

  it("shows a location's name and address with a 'Ver en el mapa' link", () => {
    const bubble = renderMessage({
      type: 'location',
      content: 'Oficina Centro',
      payload: {
        location: {
          latitude: 19.43,
          longitude: -99.13,
          name: 'Oficina Centro',
          address: 'Av. Juárez 10, CDMX',
          url: 'https://maps.app.goo.gl/abc',
        },
      },
    });
    expect(within(bubble).getByText('Oficina Centro')).toBeDefined();
    expect(within(bubble).getByText('Av. Juárez 10, CDMX')).toBeDefined();
    const link = within(bubble).getByRole('link', { name: 'Ver en el mapa' });
    expect(link.getAttribute('href')).toBe('https://maps.app.goo.gl/abc');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('links a sent location, which has only coordinates, to the map at those coordinates', () => {
    const bubble = renderMessage({
      sender: 'AGENT',
      messageStatus: 'sent',
      type: 'location',
      content: '',
      payload: { location: { latitude: 19.43, longitude: -99.13 } },
    });
    expect(within(bubble).getByText('Ubicación')).toBeDefined();
    expect(within(bubble).getByRole('link', { name: 'Ver en el mapa' }).getAttribute('href')).toBe(
      'https://maps.google.com/?q=19.43,-99.13',
    );
  });

  it('shows a received contact card with its name and phones', () => {
    const bubble = renderMessage({
      type: 'contacts',
      content: 'Laura Gómez',
      payload: {
        contacts: [
          {
            name: { formatted_name: 'Laura Gómez', first_name: 'Laura' },
            phones: [
              { phone: '+52 55 1234 5678', wa_id: '5215512345678', type: 'CELL' },
              { wa_id: '5215598765432' },
            ],
          },
        ],
      },
    });
    const card = within(bubble).getByTestId('message-contact');
    expect(within(card).getByText('Laura Gómez')).toBeDefined();
    expect(within(card).getByText('+52 55 1234 5678')).toBeDefined();
    expect(within(card).getByText('5215598765432')).toBeDefined();
  });

  it('shows each contact the team sent', () => {
    const bubble = renderMessage({
      sender: 'AGENT',
      type: 'contacts',
      content: 'Ventas, Soporte',
      payload: {
        contacts: [
          { name: 'Ventas', phone: '5512345678' },
          { name: 'Soporte', phone: '5587654321' },
        ],
      },
    });
    const cards = within(bubble).getAllByTestId('message-contact');
    expect(cards.map((c) => c.textContent)).toEqual(['Ventas5512345678', 'Soporte5587654321']);
  });

  it('shows the option a customer chose from a list or reply button', () => {
    const bubble = renderMessage({
      type: 'interactive',
      content: 'Agendar visita',
      payload: {
        interactive: {
          type: 'interactive',
          replyId: 'visit',
          title: 'Agendar visita',
          description: 'Lunes a sábado',
        },
      },
    });
    expect(within(bubble).getByText('Agendar visita')).toBeDefined();
    expect(within(bubble).getByText('Lunes a sábado')).toBeDefined();
  });

  it("shows the option a customer tapped on the bot's menu by its title, as their message", () => {
    const bubble = renderMessage({
      type: 'interactive',
      content: 'Hablar con un asesor',
      payload: { interactive: { type: 'interactive', replyId: 'opt-asesor', title: 'Hablar con un asesor' } },
    });
    expect(bubble.dataset.direction).toBe('incoming');
    expect(within(bubble).getByTestId('message-choice').textContent).toBe('Hablar con un asesor');
    expect(within(bubble).queryByTestId('message-menu')).toBeNull();
  });

  it("shows a bot's reply-button menu as its text with the buttons as chips", () => {
    const bubble = renderMessage({
      sender: 'BOT',
      messageStatus: 'delivered',
      type: 'interactive',
      content: '¿En qué te ayudamos?\n\n1. Ventas\n2. Hablar con un asesor',
      payload: {
        automation: 'chatbot',
        interactive: {
          kind: 'buttons',
          body: '¿En qué te *ayudamos*?',
          buttons: [
            { id: 'opt-ventas', title: 'Ventas' },
            { id: 'opt-asesor', title: 'Hablar con un asesor' },
          ],
        },
      },
    });
    const menu = within(bubble).getByTestId('message-menu');
    expect(menu.dataset.kind).toBe('buttons');
    // The body with its WhatsApp formatting, not the numbered text the conversation list shows.
    expect(within(menu).getByTestId('message-text').textContent).toBe('¿En qué te ayudamos?');
    expect(within(menu).getByText('ayudamos').tagName).toBe('STRONG');
    const chips = within(menu).getByRole('list', { name: 'Botones de respuesta' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['Ventas', 'Hablar con un asesor']);
    expect(within(bubble).queryByText(/1\. Ventas/)).toBeNull();
  });

  it("shows a bot's list menu with its button and every row, descriptions included", () => {
    const bubble = renderMessage({
      sender: 'BOT',
      messageStatus: 'sent',
      type: 'interactive',
      content: 'Elige un tema\n\n1. Envíos\n2. Pagos\n3. Facturas\n4. Asesor',
      payload: {
        interactive: {
          kind: 'list',
          body: 'Elige un tema',
          button: 'Ver temas',
          rows: [
            { id: 'r1', title: 'Envíos', description: 'Tiempos y costos' },
            { id: 'r2', title: 'Pagos' },
            { id: 'r3', title: 'Facturas' },
            { id: 'r4', title: 'Asesor' },
          ],
        },
      },
    });
    const menu = within(bubble).getByTestId('message-menu');
    expect(menu.dataset.kind).toBe('list');
    expect(within(menu).getByText('Ver temas')).toBeDefined();
    const rows = within(menu).getByRole('list', { name: 'Opciones de la lista: Ver temas' });
    expect(
      within(rows)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['EnvíosTiempos y costos', 'Pagos', 'Facturas', 'Asesor']);
  });

  it('shows the text of an interactive message whose payload carries no menu', () => {
    const bubble = renderMessage({
      sender: 'BOT',
      type: 'interactive',
      content: 'Elige 1 o 2',
      payload: null,
    });
    expect(within(bubble).queryByTestId('message-menu')).toBeNull();
    expect(within(bubble).getByTestId('message-choice').textContent).toBe('Elige 1 o 2');
  });

  it('shows the quick-reply button a customer pressed on a template', () => {
    const bubble = renderMessage({
      type: 'button',
      content: '',
      payload: { button: { type: 'button', payload: 'STOP', text: 'Dejar de recibir' } },
    });
    expect(within(bubble).getByTestId('message-choice').textContent).toBe('Dejar de recibir');
  });

  it('shows a reaction as its emoji', () => {
    const bubble = renderMessage({
      type: 'reaction',
      content: '❤️',
      payload: { reaction: { type: 'reaction', providerMessageId: 'wamid.9', emoji: '❤️' } },
    });
    expect(within(bubble).getByRole('img', { name: 'Reacción ❤️' }).textContent).toBe('❤️');
  });

  it('says when the customer removed a reaction', () => {
    const bubble = renderMessage({
      type: 'reaction',
      content: '',
      payload: { reaction: { providerMessageId: 'wamid.9', emoji: '' } },
    });
    expect(within(bubble).getByText('Reacción eliminada')).toBeDefined();
  });

  it('renders a template body with its variables filled in', () => {
    const bubble = renderMessage({
      sender: 'AGENT',
      messageStatus: 'delivered',
      type: 'template',
      content: 'recordatorio_cita',
      payload: {
        template: {
          name: 'recordatorio_cita',
          language: 'es_MX',
          bodyParameters: ['Ana', 'martes 10:00'],
          body: 'Hola {{1}}, te esperamos el *{{2}}*.',
        },
      },
    });
    const template = within(bubble).getByTestId('message-template');
    expect(within(template).getByText('Plantilla: recordatorio_cita')).toBeDefined();
    expect(within(template).getByTestId('message-text').textContent).toBe(
      'Hola Ana, te esperamos el martes 10:00.',
    );
    expect(within(template).getByText('martes 10:00').tagName).toBe('STRONG');
  });

  it('shows a template without its body text by name (cut to 20 characters) and variable values', () => {
    const bubble = renderMessage({
      sender: 'AGENT',
      messageStatus: 'sent',
      type: 'template',
      content: 'confirmacion_de_pedido_largo',
      payload: {
        template: {
          name: 'confirmacion_de_pedido_largo',
          language: 'es_MX',
          bodyParameters: ['Ana', '#512'],
        },
      },
    });
    const template = within(bubble).getByTestId('message-template');
    expect(within(template).getByText('Plantilla: confirmacion_de_pedi…')).toBeDefined();
    expect(within(template).getByText('Ana · #512')).toBeDefined();
  });

  it("shows 'Mensaje no soportado' for a type WhatsApp does not let us read", () => {
    const bubble = renderMessage({ type: 'unsupported', content: '', payload: { unsupported: 'order' } });
    expect(within(bubble).getByText('Mensaje no soportado')).toBeDefined();
  });

  it('falls back to the text of a type newer than this screen', () => {
    const bubble = renderMessage({ type: 'poll', content: '¿Qué horario prefieres?' });
    expect(within(bubble).getByText('¿Qué horario prefieres?')).toBeDefined();
  });

  it('never links a media URL that is not http(s)', () => {
    const bubble = renderMessage(media('document', { url: 'javascript:alert(1)', name: 'x.pdf' }));
    expect(within(bubble).queryByRole('link')).toBeNull();
    expect(within(bubble).getByText('x.pdf')).toBeDefined();
  });
});
