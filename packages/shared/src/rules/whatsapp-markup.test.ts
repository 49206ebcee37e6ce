import { describe, expect, it } from 'vitest';
import { type MarkupNode, parseWhatsappMarkup, stripWhatsappMarkup } from './whatsapp-markup';

const text = (t: string): MarkupNode => ({ type: 'text', text: t });

describe('parseWhatsappMarkup', () => {
  it('reads plain text as one text node, and an empty message as nothing', () => {
    expect(parseWhatsappMarkup('Hola, ¿cómo estás?')).toEqual([text('Hola, ¿cómo estás?')]);
    expect(parseWhatsappMarkup('')).toEqual([]);
  });

  it('reads bold, italic, strikethrough and monospace', () => {
    expect(parseWhatsappMarkup('Precio *especial* hoy')).toEqual([
      text('Precio '),
      { type: 'bold', children: [text('especial')] },
      text(' hoy'),
    ]);
    expect(parseWhatsappMarkup('_gracias_')).toEqual([{ type: 'italic', children: [text('gracias')] }]);
    expect(parseWhatsappMarkup('antes ~$500~ ahora')).toEqual([
      text('antes '),
      { type: 'strike', children: [text('$500')] },
      text(' ahora'),
    ]);
    expect(parseWhatsappMarkup('código ```ABC-123```')).toEqual([
      text('código '),
      { type: 'mono', text: 'ABC-123' },
    ]);
  });

  it('nests styles such as *_x_*', () => {
    expect(parseWhatsappMarkup('*_urgente_*')).toEqual([
      { type: 'bold', children: [{ type: 'italic', children: [text('urgente')] }] },
    ]);
    expect(parseWhatsappMarkup('~*_todo_*~')).toEqual([
      {
        type: 'strike',
        children: [{ type: 'bold', children: [{ type: 'italic', children: [text('todo')] }] }],
      },
    ]);
    expect(parseWhatsappMarkup('*muy _bien_ hecho*')).toEqual([
      {
        type: 'bold',
        children: [text('muy '), { type: 'italic', children: [text('bien')] }, text(' hecho')],
      },
    ]);
  });

  it('opens a marker only at a word boundary and closes it only before one', () => {
    expect(parseWhatsappMarkup('2*3*4')).toEqual([text('2*3*4')]);
    expect(parseWhatsappMarkup('nombre_de_usuario')).toEqual([text('nombre_de_usuario')]);
    expect(parseWhatsappMarkup('*hola*mundo')).toEqual([text('*hola*mundo')]);
    // Punctuation is a boundary on both sides.
    expect(parseWhatsappMarkup('(*nuevo*), ¡_ya_!')).toEqual([
      text('('),
      { type: 'bold', children: [text('nuevo')] },
      text('), ¡'),
      { type: 'italic', children: [text('ya')] },
      text('!'),
    ]);
  });

  it('does not format when a space sits just inside a marker', () => {
    expect(parseWhatsappMarkup('* hola*')).toEqual([text('* hola*')]);
    expect(parseWhatsappMarkup('*hola *')).toEqual([text('*hola *')]);
    expect(parseWhatsappMarkup('5 * 3 * 2')).toEqual([text('5 * 3 * 2')]);
    expect(parseWhatsappMarkup('``` x ```')).toEqual([text('``` x ```')]);
  });

  it('keeps unmatched and empty markers as literal text', () => {
    expect(parseWhatsappMarkup('*hola')).toEqual([text('*hola')]);
    expect(parseWhatsappMarkup('**')).toEqual([text('**')]);
    expect(parseWhatsappMarkup('``````')).toEqual([text('``````')]);
    expect(parseWhatsappMarkup('_a* b')).toEqual([text('_a* b')]);
  });

  it('closes at the first valid marker', () => {
    expect(parseWhatsappMarkup('*a* b*')).toEqual([{ type: 'bold', children: [text('a')] }, text(' b*')]);
    expect(parseWhatsappMarkup('**doble**')).toEqual([
      text('*'),
      { type: 'bold', children: [text('doble')] },
      text('*'),
    ]);
  });

  it('does not nest a style inside itself', () => {
    expect(parseWhatsappMarkup('*a *b* c*')).toEqual([
      { type: 'bold', children: [text('a *b')] },
      text(' c*'),
    ]);
  });

  it('keeps newlines, and ends bold, italic and strikethrough on their own line', () => {
    expect(parseWhatsappMarkup('Hola\n*Juan*\nAdiós')).toEqual([
      text('Hola\n'),
      { type: 'bold', children: [text('Juan')] },
      text('\nAdiós'),
    ]);
    expect(parseWhatsappMarkup('*uno\ndos*')).toEqual([text('*uno\ndos*')]);
  });

  it('lets monospace span lines and shows its content verbatim', () => {
    expect(parseWhatsappMarkup('```línea 1\n*línea* 2```')).toEqual([
      { type: 'mono', text: 'línea 1\n*línea* 2' },
    ]);
    expect(parseWhatsappMarkup('*```x```*')).toEqual([
      { type: 'bold', children: [{ type: 'mono', text: 'x' }] },
    ]);
  });

  it('detects links, adding https:// to www. addresses', () => {
    expect(parseWhatsappMarkup('Visita https://tienda.mx/ofertas?id=3 ahora')).toEqual([
      text('Visita '),
      { type: 'link', text: 'https://tienda.mx/ofertas?id=3', href: 'https://tienda.mx/ofertas?id=3' },
      text(' ahora'),
    ]);
    expect(parseWhatsappMarkup('www.tienda.mx')).toEqual([
      { type: 'link', text: 'www.tienda.mx', href: 'https://www.tienda.mx' },
    ]);
  });

  it('leaves sentence punctuation and closing markers outside a link', () => {
    expect(parseWhatsappMarkup('Mira http://a.mx/x.')).toEqual([
      text('Mira '),
      { type: 'link', text: 'http://a.mx/x', href: 'http://a.mx/x' },
      text('.'),
    ]);
    expect(parseWhatsappMarkup('(ver https://a.mx/b)')).toEqual([
      text('(ver '),
      { type: 'link', text: 'https://a.mx/b', href: 'https://a.mx/b' },
      text(')'),
    ]);
    expect(parseWhatsappMarkup('https://es.wikipedia.org/wiki/Tilde_(desambiguación)')).toEqual([
      {
        type: 'link',
        text: 'https://es.wikipedia.org/wiki/Tilde_(desambiguación)',
        href: 'https://es.wikipedia.org/wiki/Tilde_(desambiguación)',
      },
    ]);
    expect(parseWhatsappMarkup('*https://a.mx*')).toEqual([
      { type: 'bold', children: [{ type: 'link', text: 'https://a.mx', href: 'https://a.mx' }] },
    ]);
  });

  it('does not read markers inside a link as formatting', () => {
    expect(parseWhatsappMarkup('https://a.mx/mi_foto_nueva.jpg')).toEqual([
      { type: 'link', text: 'https://a.mx/mi_foto_nueva.jpg', href: 'https://a.mx/mi_foto_nueva.jpg' },
    ]);
    expect(parseWhatsappMarkup('_ver https://a.mx/a_b_')).toEqual([
      {
        type: 'italic',
        children: [text('ver '), { type: 'link', text: 'https://a.mx/a_b', href: 'https://a.mx/a_b' }],
      },
    ]);
  });

  it('does not take a scheme inside a word, an e-mail or a bare scheme for a link', () => {
    expect(parseWhatsappMarkup('xhttps://a.mx')).toEqual([text('xhttps://a.mx')]);
    expect(parseWhatsappMarkup('ana@www.correo.mx')).toEqual([text('ana@www.correo.mx')]);
    expect(parseWhatsappMarkup('https:// nada')).toEqual([text('https:// nada')]);
    expect(parseWhatsappMarkup('javascript:alert(1)')).toEqual([text('javascript:alert(1)')]);
  });
});

describe('stripWhatsappMarkup', () => {
  it('removes paired markers and keeps everything else', () => {
    expect(stripWhatsappMarkup('*Hola* _Ana_, tu pedido ~llega~ ```hoy```')).toBe(
      'Hola Ana, tu pedido llega hoy',
    );
    expect(stripWhatsappMarkup('2*3*4 y *sin cerrar')).toBe('2*3*4 y *sin cerrar');
    expect(stripWhatsappMarkup('*_x_*\nhttps://a.mx/a_b_c')).toBe('x\nhttps://a.mx/a_b_c');
  });
});

describe('parseWhatsappMarkup at the bounds of each rule', () => {
  const link = (t: string, href = t): MarkupNode => ({ type: 'link', text: t, href });

  it('keeps a closing parenthesis inside a link when more text follows it', () => {
    expect(parseWhatsappMarkup('ver https://x.com/a)b')).toEqual([text('ver '), link('https://x.com/a)b')]);
  });

  it('makes no link of a scheme without a letter or digit after it', () => {
    expect(parseWhatsappMarkup('ver https:// ahora')).toEqual([text('ver https:// ahora')]);
    expect(parseWhatsappMarkup('ver https://-x')).toEqual([text('ver https://-x')]);
    expect(parseWhatsappMarkup('ver https://.www.x')).toEqual([text('ver https://.www.x')]);
  });

  it('adds https:// only to a link that starts with www.', () => {
    expect(parseWhatsappMarkup('https://www.tienda.mx')).toEqual([link('https://www.tienda.mx')]);
    expect(parseWhatsappMarkup('www.tienda.mx')).toEqual([link('www.tienda.mx', 'https://www.tienda.mx')]);
  });

  it('closes no style with a marker inside a link', () => {
    expect(parseWhatsappMarkup('*mira https://x.com/a*.b')).toEqual([
      text('*mira '),
      link('https://x.com/a*.b'),
    ]);
  });

  it('opens no style right after a letter', () => {
    expect(parseWhatsappMarkup('precio*especial* hoy')).toEqual([text('precio*especial* hoy')]);
  });

  it('closes no style right after the same marker', () => {
    expect(parseWhatsappMarkup('*a **')).toEqual([text('*a **')]);
  });

  it('leaves an unclosed monospace literal', () => {
    expect(parseWhatsappMarkup('```sin cerrar')).toEqual([text('```sin cerrar')]);
  });

  it('starts looking for the monospace end after its opening', () => {
    expect(parseWhatsappMarkup('(```)x```')).toEqual([text('('), { type: 'mono', text: ')x' }]);
  });

  it('skips a monospace end that follows a space', () => {
    expect(parseWhatsappMarkup('```a ``` b```')).toEqual([{ type: 'mono', text: 'a ``` b' }]);
  });

  it('keeps a monospace inside a style within that style', () => {
    expect(parseWhatsappMarkup('*a ```b*```')).toEqual([
      { type: 'bold', children: [text('a ```b')] },
      text('```'),
    ]);
  });
});
