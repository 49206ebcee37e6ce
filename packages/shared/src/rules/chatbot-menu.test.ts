import { describe, expect, it } from 'vitest';
import type { MenuChoice } from '../automation';
import {
  interactiveMessageOf,
  matchMenuReply,
  menuInteractive,
  menuText,
  truncateText,
  WHATSAPP_INTERACTIVE_LIMITS,
} from './chatbot-menu';

const choices = (count: number): MenuChoice[] =>
  Array.from({ length: count }, (_, index) => ({ id: `opt-${index + 1}`, title: `Opción ${index + 1}` }));

describe('truncateText', () => {
  it('keeps a text within the limit, trimmed', () => {
    expect(truncateText('  Ventas  ', 20)).toBe('Ventas');
    expect(truncateText('x'.repeat(20), 20)).toBe('x'.repeat(20));
  });

  it("cuts a longer text to exactly the limit, ending in '…'", () => {
    const cut = truncateText('Consulta de facturación', 20);
    expect(cut).toBe('Consulta de factura…');
    expect(cut.length).toBe(20);
  });

  it('drops the spaces before the ellipsis', () => {
    expect(truncateText('Hablar con un asesor ahora', 15)).toBe('Hablar con un…');
  });

  it('never splits an emoji', () => {
    const cut = truncateText(`${'a'.repeat(18)}😀😀`, 20);
    expect(cut).toBe(`${'a'.repeat(18)}…`);
    expect(cut.length).toBeLessThanOrEqual(20);
  });
});

describe('menuInteractive', () => {
  it('sends 1 to 3 choices as reply buttons with their ids and titles', () => {
    expect(menuInteractive('¿En qué te ayudamos?', choices(3))).toEqual({
      kind: 'buttons',
      body: '¿En qué te ayudamos?',
      buttons: [
        { id: 'opt-1', title: 'Opción 1' },
        { id: 'opt-2', title: 'Opción 2' },
        { id: 'opt-3', title: 'Opción 3' },
      ],
    });
    expect(menuInteractive('Hola', choices(1))?.kind).toBe('buttons');
  });

  it('sends 4 to 10 choices as a list with the list button and the descriptions', () => {
    const list = menuInteractive('Elige', [
      ...choices(3),
      { id: 'opt-4', title: 'Envíos', description: 'Tiempos y costos' },
    ]);
    expect(list).toEqual({
      kind: 'list',
      body: 'Elige',
      button: 'Ver opciones',
      rows: [
        { id: 'opt-1', title: 'Opción 1' },
        { id: 'opt-2', title: 'Opción 2' },
        { id: 'opt-3', title: 'Opción 3' },
        { id: 'opt-4', title: 'Envíos', description: 'Tiempos y costos' },
      ],
    });
    expect(menuInteractive('Elige', choices(10))?.kind).toBe('list');
    expect(menuInteractive('Elige', choices(5), 'Menú')).toMatchObject({ kind: 'list', button: 'Menú' });
  });

  it('gives null for no choices and for more than 10 (the caller sends numbered text)', () => {
    expect(menuInteractive('Elige', [])).toBeNull();
    expect(menuInteractive('Elige', choices(11))).toBeNull();
  });

  it('cuts button titles to 20 characters and the button body to 1024, keeping the ids', () => {
    const id = 'x'.repeat(WHATSAPP_INTERACTIVE_LIMITS.buttonId);
    const message = menuInteractive('b'.repeat(2000), [{ id, title: 'Quiero hablar con un asesor humano' }]);
    if (message?.kind !== 'buttons') throw new Error('expected buttons');
    expect(message.body.length).toBe(1024);
    expect(message.body.endsWith('…')).toBe(true);
    expect(message.buttons).toEqual([{ id, title: 'Quiero hablar con u…' }]);
    expect(message.buttons[0]?.title.length).toBe(20);
  });

  it('makes cut button titles that end up equal unique, within 20 characters', () => {
    const message = menuInteractive('Elige', [
      { id: 'a', title: 'Consulta de facturación' },
      { id: 'b', title: 'Consulta de facturas pendientes' },
      { id: 'c', title: 'ventas' },
    ]);
    if (message?.kind !== 'buttons') throw new Error('expected buttons');
    const titles = message.buttons.map((button) => button.title);
    expect(titles).toEqual(['Consulta de factura…', 'Consulta de fac… (2)', 'ventas']);
    expect(new Set(titles).size).toBe(3);
    for (const title of titles) expect(title.length).toBeLessThanOrEqual(20);
    const same = menuInteractive('Elige', [
      { id: 'a', title: 'Ventas' },
      { id: 'b', title: 'ventas' },
    ]);
    expect(same?.kind === 'buttons' && same.buttons.map((button) => button.title)).toEqual([
      'Ventas',
      'ventas (2)',
    ]);
  });

  it('cuts row titles to 24, descriptions to 72, the list button to 20 and the list body to 4096', () => {
    const message = menuInteractive(
      'c'.repeat(5000),
      [
        ...choices(3),
        { id: 'long', title: 'Horarios de atención de sucursales', description: 'd'.repeat(100) },
      ],
      'Ver todas las opciones del menú',
    );
    if (message?.kind !== 'list') throw new Error('expected a list');
    expect(message.body.length).toBe(4096);
    expect(message.button).toBe('Ver todas las opcio…');
    expect(message.rows[3]).toEqual({
      id: 'long',
      title: 'Horarios de atención de…',
      description: `${'d'.repeat(71)}…`,
    });
    expect(message.rows[3]?.title.length).toBeLessThanOrEqual(24);
  });

  it('fills an empty body, title or list button instead of sending what WhatsApp refuses', () => {
    const message = menuInteractive('  ', [...choices(3), { id: 'e', title: ' ' }], ' ');
    expect(message).toMatchObject({ kind: 'list', body: 'Elige una opción', button: 'Ver opciones' });
    expect(message?.kind === 'list' && message.rows[3]).toEqual({ id: 'e', title: 'Opción 4' });
    expect(menuInteractive('', [{ id: 'a', title: '' }])).toEqual({
      kind: 'buttons',
      body: 'Elige una opción',
      buttons: [{ id: 'a', title: 'Opción 1' }],
    });
  });

  it('gives null when ids cannot be sent whole or do not tell the choices apart', () => {
    expect(menuInteractive('x', [{ id: 'x'.repeat(257), title: 'A' }])).toBeNull();
    expect(menuInteractive('x', [...choices(3), { id: 'r'.repeat(201), title: 'B' }])).toBeNull();
    expect(menuInteractive('x', [...choices(4), { id: 'r'.repeat(200), title: 'B' }])?.kind).toBe('list');
    expect(
      menuInteractive('x', [
        { id: 'same', title: 'A' },
        { id: 'same', title: 'B' },
      ]),
    ).toBeNull();
    expect(menuInteractive('x', [{ id: ' ', title: 'A' }])).toBeNull();
  });
});

describe('menuText', () => {
  it('lists the choices numbered under the text', () => {
    expect(menuText('¿En qué te ayudamos?', choices(2))).toBe(
      '¿En qué te ayudamos?\n\n1. Opción 1\n2. Opción 2',
    );
  });

  it('numbers more than 10 choices too', () => {
    const text = menuText('Elige', choices(12));
    expect(text.split('\n').at(-1)).toBe('12. Opción 12');
  });
});

describe('matchMenuReply', () => {
  const menu: MenuChoice[] = [
    { id: 'ventas', title: 'Ventas' },
    { id: 'soporte', title: 'Soporte técnico' },
    { id: 'asesor', title: 'Hablar con un asesor' },
  ];

  it('picks the choice by the reply id of a tapped button or row', () => {
    expect(matchMenuReply({ text: 'Soporte técnico', replyId: 'soporte' }, menu)).toBe(menu[1]);
    // The id wins over the text.
    expect(matchMenuReply({ text: 'Ventas', replyId: 'asesor' }, menu)).toBe(menu[2]);
  });

  it('reads the text when the reply id is of no choice here (an older menu)', () => {
    expect(matchMenuReply({ text: 'Ventas', replyId: 'old-id' }, menu)).toBe(menu[0]);
    expect(matchMenuReply({ text: 'Otra cosa', replyId: 'old-id' }, menu)).toBeNull();
  });

  it.each([
    ['2', 1],
    [' 2. ', 1],
    ['2)', 1],
    ['#3', 2],
    ['opción 2', 1],
    ['Opcion 1', 0],
    ['OPCIÓN #3', 2],
    ['número 2', 1],
    ['la 3', 2],
  ])('picks by the typed number %j', (text, index) => {
    expect(matchMenuReply({ text }, menu)).toBe(menu[index]);
  });

  it('gives null for a number out of range', () => {
    expect(matchMenuReply({ text: '0' }, menu)).toBeNull();
    expect(matchMenuReply({ text: '4' }, menu)).toBeNull();
    expect(matchMenuReply({ text: 'opción 9' }, menu)).toBeNull();
  });

  it.each([
    ['ventas', 0],
    ['VENTAS', 0],
    ['soporte tecnico', 1],
    ['  Soporte   Técnico. ', 1],
    ['¿Hablar con un asesor?', 2],
    ['2. Soporte técnico', 1],
  ])('picks by the title %j, ignoring case and accents', (text, index) => {
    expect(matchMenuReply({ text }, menu)).toBe(menu[index]);
  });

  it('matches a title a channel cut with an ellipsis when it begins exactly one choice', () => {
    expect(matchMenuReply({ text: 'Hablar con un…' }, menu)).toBe(menu[2]);
    const similar: MenuChoice[] = [
      { id: 'a', title: 'Consulta de facturación' },
      { id: 'b', title: 'Consulta de facturas pendientes' },
    ];
    expect(matchMenuReply({ text: 'Consulta de facturas…' }, similar)).toBe(similar[1]);
    expect(matchMenuReply({ text: 'Consulta de factura…' }, similar)).toBeNull();
    expect(matchMenuReply({ text: 'Consulta de…' }, similar)).toBeNull();
  });

  it('gives null for anything else', () => {
    expect(matchMenuReply({ text: '' }, menu)).toBeNull();
    expect(matchMenuReply({ text: 'hola' }, menu)).toBeNull();
    expect(matchMenuReply({ text: 'venta' }, menu)).toBeNull();
    expect(matchMenuReply({ text: '2. Ventas' }, menu)).toBeNull();
    expect(matchMenuReply({ text: 'no 2' }, menu)).toBeNull();
    expect(matchMenuReply({ text: '2' }, [])).toBeNull();
  });
});

describe('interactiveMessageOf', () => {
  it("reads the menu of a bot's stored message", () => {
    const buttons = { kind: 'buttons', body: 'Hola', buttons: [{ id: 'a', title: 'Sí' }] };
    expect(interactiveMessageOf({ interactive: buttons, automation: 'chatbot' })).toEqual(buttons);
    expect(
      interactiveMessageOf({
        interactive: {
          kind: 'list',
          body: 'Elige',
          button: 'Menú',
          rows: [
            { id: 'a', title: 'A', description: 'Primera' },
            { id: 'b', title: 'B', description: ' ' },
          ],
        },
      }),
    ).toEqual({
      kind: 'list',
      body: 'Elige',
      button: 'Menú',
      rows: [
        { id: 'a', title: 'A', description: 'Primera' },
        { id: 'b', title: 'B' },
      ],
    });
  });

  it('gives the list its default button when the payload has none', () => {
    expect(
      interactiveMessageOf({ interactive: { kind: 'list', body: 'x', rows: [{ id: 'a', title: 'A' }] } }),
    ).toMatchObject({ button: 'Ver opciones' });
  });

  it("gives null for a customer's reply, a malformed payload or none", () => {
    expect(
      interactiveMessageOf({ interactive: { type: 'interactive', replyId: 'a', title: 'A' } }),
    ).toBeNull();
    expect(interactiveMessageOf({ interactive: { kind: 'buttons', body: 'x', buttons: [] } })).toBeNull();
    expect(
      interactiveMessageOf({ interactive: { kind: 'buttons', body: 'x', buttons: [{ id: 1 }] } }),
    ).toBeNull();
    expect(
      interactiveMessageOf({ interactive: { kind: 'list', rows: [{ id: 'a', title: 'A' }] } }),
    ).toBeNull();
    expect(interactiveMessageOf({ interactive: 'x' })).toBeNull();
    expect(interactiveMessageOf(null)).toBeNull();
  });
});

describe('matchMenuReply, every way of typing a number', () => {
  const menu: MenuChoice[] = [
    { id: 'ventas', title: 'Ventas' },
    { id: 'soporte', title: 'Soporte técnico' },
    { id: 'asesor', title: 'Hablar con un asesor' },
  ];
  it.each([
    'opc 2',
    'op 2',
    'op. 2',
    'opc.2',
    'num 2',
    'núm. 2',
    'nro 2',
    'el 2',
    'numero2',
    '# 2',
    '2 )',
    '2-',
    '2)',
    '002',
  ])('takes %j as the second choice', (text) => {
    expect(matchMenuReply({ text }, menu)).toBe(menu[1]);
  });
  it.each(['x2', '2x', 'opcion 2 3', '1234', 'la opcion 2', '2 2', '2))', '#'])(
    'takes %j as no number',
    (text) => {
      expect(matchMenuReply({ text }, menu)).toBeNull();
    },
  );
  it('reads a number and the title of the same choice with any separator', () => {
    expect(matchMenuReply({ text: '2) Soporte técnico' }, menu)).toBe(menu[1]);
    expect(matchMenuReply({ text: '3 - hablar con un asesor' }, menu)).toBe(menu[2]);
    expect(matchMenuReply({ text: '1:ventas' }, menu)).toBe(menu[0]);
    expect(matchMenuReply({ text: '2 Soporte técnico' }, menu)).toBeNull();
    expect(matchMenuReply({ text: '9. Ventas' }, menu)).toBeNull();
    expect(matchMenuReply({ text: '1234. Ventas' }, menu)).toBeNull();
  });
  it('ignores opening marks, closing punctuation and repeated spaces around a title', () => {
    expect(matchMenuReply({ text: '¡¿ Ventas?!' }, menu)).toBe(menu[0]);
    expect(matchMenuReply({ text: 'Soporte\t\n técnico;,' }, menu)).toBe(menu[1]);
    expect(matchMenuReply({ text: '¡ ' }, menu)).toBeNull();
  });
  it('matches a cut title with spaces around it, never a bare ellipsis', () => {
    expect(matchMenuReply({ text: '  Hablar con…  ' }, menu)).toBe(menu[2]);
    expect(matchMenuReply({ text: '…' }, [menu[0] as MenuChoice])).toBeNull();
    expect(matchMenuReply({ text: 'Ventas…' }, menu)).toBe(menu[0]);
    expect(matchMenuReply({ text: 'Vent' }, menu)).toBeNull();
  });
  it('keeps the spaces inside a title and opening marks inside the text', () => {
    expect(matchMenuReply({ text: 'Soporte téc nico' }, menu)).toBeNull();
    expect(matchMenuReply({ text: 'Soporte¿técnico' }, menu)).toBeNull();
    expect(matchMenuReply({ text: 'x2. Soporte técnico' }, menu)).toBeNull();
  });
  it('reads a two-digit number with the title of its choice', () => {
    const twelve = choices(12);
    expect(matchMenuReply({ text: '12. Opción 12' }, twelve)).toBe(twelve[11]);
    expect(matchMenuReply({ text: '12' }, twelve)).toBe(twelve[11]);
  });
  it('matches nothing to a blank answer, even a choice without a title', () => {
    expect(matchMenuReply({ text: '  ' }, [{ id: 'a', title: '' }])).toBeNull();
  });
  it('reads the text when the reply id is empty', () => {
    expect(matchMenuReply({ text: 'ventas', replyId: '' }, menu)).toBe(menu[0]);
  });
});

describe('menuInteractive, titles and bodies', () => {
  it('numbers a repeated title that ends in an ellipsis without it', () => {
    const message = menuInteractive('Elige', [
      { id: 'a', title: 'Más…' },
      { id: 'b', title: 'más…' },
    ]);
    expect(message?.kind === 'buttons' && message.buttons.map((button) => button.title)).toEqual([
      'Más…',
      'más (2)',
    ]);
  });
  it('numbers a title repeated three times, keeping an ellipsis inside a title', () => {
    const message = menuInteractive('Elige', [
      { id: 'a', title: 'Más… info' },
      { id: 'b', title: 'más… INFO' },
      { id: 'c', title: 'Más… info' },
    ]);
    expect(message?.kind === 'buttons' && message.buttons.map((button) => button.title)).toEqual([
      'Más… info',
      'más… INFO (2)',
      'Más… info (3)',
    ]);
  });
  it('sends four choices as a list, trimming the body and the button', () => {
    expect(menuInteractive(' Elige ', choices(4), ' Menú ')).toEqual({
      kind: 'list',
      body: 'Elige',
      button: 'Menú',
      rows: choices(4),
    });
    expect(menuInteractive(' Elige ', choices(2))).toMatchObject({ body: 'Elige' });
  });
  it('gives a row no description when its description is blank', () => {
    const message = menuInteractive('Elige', [...choices(3), { id: 'd', title: 'D', description: '  ' }]);
    expect(message?.kind === 'list' && message.rows[3]).toEqual({ id: 'd', title: 'D' });
  });
});

describe('truncateText, at the limit', () => {
  it('keeps a text of exactly the limit once trimmed and cuts one character more', () => {
    expect(truncateText(` ${'x'.repeat(19)} `, 19)).toBe('x'.repeat(19));
    expect(truncateText('x'.repeat(20), 19)).toBe(`${'x'.repeat(18)}…`);
    expect(truncateText('😀😀', 4)).toBe('😀😀');
    expect(truncateText('😀😀😀', 4)).toBe('😀…');
  });
});

describe('menuText, the body', () => {
  it('trims the text above the choices', () => {
    expect(menuText('  Elige  ', choices(1))).toBe('Elige\n\n1. Opción 1');
  });
});

describe('interactiveMessageOf, field by field', () => {
  it('keeps only id and title of a button and only the well-formed options', () => {
    expect(
      interactiveMessageOf({
        interactive: {
          kind: 'buttons',
          body: 'Hola',
          buttons: [
            { id: 'a', title: 'Sí', description: 'x' },
            { id: 'b', title: 2 },
            { id: 3, title: 'No' },
            'c',
            null,
          ],
        },
      }),
    ).toEqual({ kind: 'buttons', body: 'Hola', buttons: [{ id: 'a', title: 'Sí' }] });
  });
  it('drops a description that is not text and fills an empty list button', () => {
    expect(
      interactiveMessageOf({
        interactive: { kind: 'list', body: 'x', button: '', rows: [{ id: 'a', title: 'A', description: 4 }] },
      }),
    ).toEqual({ kind: 'list', body: 'x', button: 'Ver opciones', rows: [{ id: 'a', title: 'A' }] });
    expect(
      interactiveMessageOf({
        interactive: { kind: 'list', body: 'x', button: 7, rows: [{ id: 'a', title: 'A' }] },
      }),
    ).toMatchObject({ button: 'Ver opciones' });
  });
  it('gives null for an unknown kind, missing rows or buttons, or a payload that is a list', () => {
    expect(
      interactiveMessageOf({ interactive: { kind: 'carousel', body: 'x', rows: [{ id: 'a', title: 'A' }] } }),
    ).toBeNull();
    expect(interactiveMessageOf({ interactive: { kind: 'list', body: 'x', rows: 'a' } })).toBeNull();
    expect(interactiveMessageOf({ interactive: { kind: 'list', body: 'x', rows: [] } })).toBeNull();
    expect(interactiveMessageOf({ interactive: { kind: 'buttons', body: 'x' } })).toBeNull();
    expect(
      interactiveMessageOf({ interactive: { kind: 'buttons', body: 5, buttons: [{ id: 'a', title: 'A' }] } }),
    ).toBeNull();
    expect(interactiveMessageOf({ interactive: [{ kind: 'buttons' }] })).toBeNull();
    expect(interactiveMessageOf('x')).toBeNull();
    expect(interactiveMessageOf(undefined)).toBeNull();
    expect(
      interactiveMessageOf([
        { interactive: { kind: 'buttons', body: 'x', buttons: [{ id: 'a', title: 'A' }] } },
      ]),
    ).toBeNull();
  });
});
