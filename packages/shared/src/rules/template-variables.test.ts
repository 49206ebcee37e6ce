import { describe, expect, it } from 'vitest';
import { validateTemplateVariables } from '../templates';
import {
  acceptProposedVariable,
  addVariableFromSelection,
  editProposedVariableExample,
  identifyTemplateVariables,
  proposalExamples,
  proposeTemplateCategory,
  type TemplateVariableKind,
  undoProposedVariable,
} from './template-variables';

type Found = [TemplateVariableKind, string];

interface Case {
  message: string;
  text: string;
  found: Found[];
  category?: 'utility' | 'marketing';
}

// What the detector must find: the rewritten text, each variable's kind and example in order, the category.
const FINDS: Case[] = [
  {
    message: 'Hola Juan, tu pedido 98765 ya va en camino.',
    text: 'Hola {{1}}, tu pedido {{2}} ya va en camino.',
    found: [
      ['name', 'Juan'],
      ['code', '98765'],
    ],
  },
  {
    message: 'Buenos días María José, te recordamos tu cita el 15/03/2026 a las 10:30.',
    text: 'Buenos días {{1}}, te recordamos tu cita el {{2}} a las {{3}}.',
    found: [
      ['name', 'María José'],
      ['date', '15/03/2026'],
      ['time', '10:30'],
    ],
  },
  {
    message: 'Estimada Sra. López, su factura F-2026-001 por $1,250.00 vence el 15 de marzo.',
    text: 'Estimada Sra. {{1}}, su factura {{2}} por {{3}} vence el {{4}}.',
    found: [
      ['name', 'López'],
      ['code', 'F-2026-001'],
      ['amount', '$1,250.00'],
      ['date', '15 de marzo'],
    ],
  },
  {
    message: 'Tu código de verificación es 482913.',
    text: 'Tu código de verificación es {{1}}.',
    found: [['code', '482913']],
  },
  {
    message: 'Rastrea tu envío en https://tienda.mx/rastreo/A12345.',
    text: 'Rastrea tu envío en {{1}}.',
    found: [['url', 'https://tienda.mx/rastreo/A12345']],
  },
  {
    message: 'Aprovecha 30% de descuento en toda la tienda, compra ahora en www.mitienda.com',
    text: 'Aprovecha 30% de descuento en toda la tienda, compra ahora en {{1}}',
    found: [['url', 'www.mitienda.com']],
    category: 'marketing',
  },
  {
    message: 'Te esperamos mañana a las 5 de la tarde en Av. 5 de Mayo 123.',
    text: 'Te esperamos mañana a las {{1}} en Av. 5 de Mayo 123.',
    found: [['time', '5 de la tarde']],
  },
  {
    message: 'Tu pedido #A12345 llegará entre 24 horas y 48 horas.',
    text: 'Tu pedido #{{1}} llegará entre 24 horas y 48 horas.',
    found: [['code', 'A12345']],
  },
  {
    message: 'Llámanos al +52 55 1234 5678 o escríbenos a ventas@mitienda.com.mx',
    text: 'Llámanos al {{1}} o escríbenos a {{2}}',
    found: [
      ['phone', '+52 55 1234 5678'],
      ['email', 'ventas@mitienda.com.mx'],
    ],
  },
  {
    message: 'El total de tu compra es 1.250 MXN, pagadero antes del lunes 3 de abril de 2026.',
    text: 'El total de tu compra es {{1}}, pagadero antes del {{2}}.',
    found: [
      ['amount', '1.250 MXN'],
      ['date', 'lunes 3 de abril de 2026'],
    ],
  },
  {
    message: 'Hola Carlos! Tu reservación RES-7781 está lista para el 2026-05-01 a las 3 pm.',
    text: 'Hola {{1}}! Tu reservación {{2}} está lista para el {{3}} a las {{4}}.',
    found: [
      ['name', 'Carlos'],
      ['code', 'RES-7781'],
      ['date', '2026-05-01'],
      ['time', '3 pm'],
    ],
  },
  {
    message: 'Gracias Ana por tu compra de $499.',
    text: 'Gracias {{1}} por tu compra de {{2}}.',
    found: [
      ['name', 'Ana'],
      ['amount', '$499'],
    ],
  },
  {
    message: 'Tu guía de rastreo es 1Z999AA10123456784 con DHL.',
    text: 'Tu guía de rastreo es {{1}} con DHL.',
    found: [['code', '1Z999AA10123456784']],
  },
  {
    message: 'Tu saldo pendiente es de $ 3,500 pesos.',
    text: 'Tu saldo pendiente es de {{1}}.',
    found: [['amount', '$ 3,500 pesos']],
  },
  {
    message: 'Hola de nuevo Pedro, tu mensualidad de 850.00 pesos vence el 05/04.',
    text: 'Hola de nuevo {{1}}, tu mensualidad de {{2}} vence el {{3}}.',
    found: [
      ['name', 'Pedro'],
      ['amount', '850.00 pesos'],
      ['date', '05/04'],
    ],
  },
  {
    message: 'Disponible 24/7 por WhatsApp al 55-1234-5678.',
    text: 'Disponible 24/7 por WhatsApp al {{1}}.',
    found: [['phone', '55-1234-5678']],
  },
  {
    message: 'La reunión es el viernes 12 de abril a las 9:00 hrs.',
    text: 'La reunión es el {{1}} a las {{2}}.',
    found: [
      ['date', 'viernes 12 de abril'],
      ['time', '9:00 hrs'],
    ],
  },
  {
    message: 'Usa el cupón VERANO25 y obtén envío gratis.',
    text: 'Usa el cupón {{1}} y obtén envío gratis.',
    found: [['code', 'VERANO25']],
    category: 'marketing',
  },
  {
    message: 'Hola Lic. Ramírez, le confirmamos su cita del 20 de junio.',
    text: 'Hola Lic. {{1}}, le confirmamos su cita del {{2}}.',
    found: [
      ['name', 'Ramírez'],
      ['date', '20 de junio'],
    ],
  },
  {
    message: 'Tienes hasta el 30/06/2026 para pagar S/ 120.50.',
    text: 'Tienes hasta el {{1}} para pagar {{2}}.',
    found: [
      ['date', '30/06/2026'],
      ['amount', 'S/ 120.50'],
    ],
  },
  {
    message: 'Buenas tardes, Sofía. Tu cita es a las 4:15 p.m.',
    text: 'Buenas tardes, {{1}}. Tu cita es a las {{2}}',
    found: [
      ['name', 'Sofía'],
      ['time', '4:15 p.m.'],
    ],
  },
  {
    message: 'Hola Juan Pérez, gracias por escribirnos.',
    text: 'Hola {{1}}, gracias por escribirnos.',
    found: [['name', 'Juan Pérez']],
  },
  {
    message: 'Hola Juan Gracias por tu visita.',
    text: 'Hola {{1}} Gracias por tu visita.',
    found: [['name', 'Juan']],
  },
  {
    message: 'Te esperamos a las 8 en la sucursal.',
    text: 'Te esperamos a las {{1}} en la sucursal.',
    found: [['time', '8']],
  },
  {
    message: 'Cierra a las 10:30am y abre a las 7 a.m.',
    text: 'Cierra a las {{1}} y abre a las {{2}}',
    found: [
      ['time', '10:30am'],
      ['time', '7 a.m.'],
    ],
  },
  {
    message: 'Paga con MXN 1,250 o USD 45.99, también €30 y $1250.',
    text: 'Paga con {{1}} o {{2}}, también {{3}} y {{4}}.',
    found: [
      ['amount', 'MXN 1,250'],
      ['amount', 'USD 45.99'],
      ['amount', '€30'],
      ['amount', '$1250'],
    ],
  },
  {
    message: 'Vence el 15-03-2026 o el 15.03.2026; entrega el 3 de Abril.',
    text: 'Vence el {{1}} o el {{2}}; entrega el {{3}}.',
    found: [
      ['date', '15-03-2026'],
      ['date', '15.03.2026'],
      ['date', '3 de Abril'],
    ],
  },
  {
    message: 'Marca al 5512345678, al (55) 1234-5678 o al +54 9 11 1234-5678, o al 800 123 4567.',
    text: 'Marca al {{1}}, al {{2}} o al {{3}}, o al {{4}}.',
    found: [
      ['phone', '5512345678'],
      ['phone', '(55) 1234-5678'],
      ['phone', '+54 9 11 1234-5678'],
      ['phone', '800 123 4567'],
    ],
  },
  {
    message: 'Horario de lunes a viernes de 9:00 a 18:00.',
    text: 'Horario de lunes a viernes de {{1}} a {{2}}.',
    found: [
      ['time', '9:00'],
      ['time', '18:00'],
    ],
  },
  {
    message: 'Conoce más en bit.ly/abc123 y sigue #HotSale2026.',
    text: 'Conoce más en {{1}} y sigue #HotSale2026.',
    found: [['url', 'bit.ly/abc123']],
  },
  {
    message: 'Folio: 000123. Orden de compra OC-2026-118. Número de cliente 45872.',
    text: 'Folio: {{1}}. Orden de compra {{2}}. Número de cliente {{3}}.',
    found: [
      ['code', '000123'],
      ['code', 'OC-2026-118'],
      ['code', '45872'],
    ],
  },
  {
    message: 'Hola María, tu avance del curso es del 80%.',
    text: 'Hola {{1}}, tu avance del curso es del 80%.',
    found: [['name', 'María']],
  },
  {
    message: 'Estimados clientes, les informamos que el 1 de enero no abriremos.',
    text: 'Estimados clientes, les informamos que el {{1}} no abriremos.',
    found: [['date', '1 de enero']],
  },
  {
    message: '¡Felicidades Mariana! Ganaste el sorteo.',
    text: '¡Felicidades {{1}}! Ganaste el sorteo.',
    found: [['name', 'Mariana']],
    category: 'marketing',
  },
  {
    message: 'Tu número de guía es MX123456789 y llega en 3 a 5 días hábiles.',
    text: 'Tu número de guía es {{1}} y llega en 3 a 5 días hábiles.',
    found: [['code', 'MX123456789']],
  },
  {
    message: 'Recuerda que tu pago de $2,300.00 MXN vence mañana.',
    text: 'Recuerda que tu pago de {{1}} vence mañana.',
    found: [['amount', '$2,300.00 MXN']],
  },
  {
    message: 'Confirmamos tu reservación para 4 personas el sábado 8 de junio a las 20:00 horas.',
    text: 'Confirmamos tu reservación para 4 personas el {{1}} a las {{2}}.',
    found: [
      ['date', 'sábado 8 de junio'],
      ['time', '20:00 horas'],
    ],
  },
  {
    message: 'Celebramos el 5 de mayo con música en vivo.',
    text: 'Celebramos el {{1}} con música en vivo.',
    found: [['date', '5 de mayo']],
  },
];

// What the detector must leave alone: the text stays as it is.
const LEAVES: Case[] = [
  { message: 'Hola, ¿cómo estás?', text: 'Hola, ¿cómo estás?', found: [] },
  { message: 'hola juan, tu pedido está listo.', text: 'hola juan, tu pedido está listo.', found: [] },
  {
    message: 'Hola equipo, mañana cerramos temprano.',
    text: 'Hola equipo, mañana cerramos temprano.',
    found: [],
  },
  {
    message: 'Hola Te escribimos de Mueblería Díaz.',
    text: 'Hola Te escribimos de Mueblería Díaz.',
    found: [],
  },
  {
    message: 'Saludos Cordiales, el equipo de ventas.',
    text: 'Saludos Cordiales, el equipo de ventas.',
    found: [],
  },
  {
    message: 'Nuevo SAMSUNG GALAXY S24 disponible en tienda.',
    text: 'Nuevo SAMSUNG GALAXY S24 disponible en tienda.',
    found: [],
    category: 'utility',
  },
  {
    message: '1 de cada 3 clientes prefiere pagar con tarjeta.',
    text: '1 de cada 3 clientes prefiere pagar con tarjeta.',
    found: [],
  },
  {
    message: 'Tu pedido listo para recoger en sucursal Centro.',
    text: 'Tu pedido listo para recoger en sucursal Centro.',
    found: [],
  },
  {
    message: 'Visítanos en Calle 16 de Septiembre 45.',
    text: 'Visítanos en Calle 16 de Septiembre 45.',
    found: [],
  },
  {
    message: 'Tu pedido 2 ya salió. Paquete 300 minutos.',
    text: 'Tu pedido 2 ya salió. Paquete 300 minutos.',
    found: [],
  },
  {
    message: 'Tenemos 2 sucursales y más de 500 clientes en el año 2026, versión 2.0.',
    text: 'Tenemos 2 sucursales y más de 500 clientes en el año 2026, versión 2.0.',
    found: [],
  },
  {
    message: 'Promo 2x1 en iPhone 15 y COVID19 Mod3lo X200 100% algodón.',
    text: 'Promo 2x1 en iPhone 15 y COVID19 Mod3lo X200 100% algodón.',
    found: [],
    category: 'marketing',
  },
  {
    message: 'Hot Sale: 3 meses sin intereses en modelos RTX4090 y PS5.',
    text: 'Hot Sale: 3 meses sin intereses en modelos RTX4090 y PS5.',
    found: [],
    category: 'marketing',
  },
  {
    message: 'Atención 24 horas, los 7 días de la semana.',
    text: 'Atención 24 horas, los 7 días de la semana.',
    found: [],
  },
  {
    message: 'Av. Insurgentes Sur 1602, piso 3, CDMX.',
    text: 'Av. Insurgentes Sur 1602, piso 3, CDMX.',
    found: [],
  },
  {
    message: 'Tu paquete fue entregado. Firma: Roberto.',
    text: 'Tu paquete fue entregado. Firma: Roberto.',
    found: [],
  },
];

function check(entry: Case): void {
  const proposal = identifyTemplateVariables(entry.message);
  expect(proposal.text).toBe(entry.text);
  expect(proposal.originalText).toBe(entry.message);
  expect(proposal.variables.map((v) => [v.kind, v.example])).toEqual(entry.found);
  expect(proposal.category).toBe(entry.category ?? 'utility');
  // Numbered in order of appearance, each {{n}} at its stated place, examples taken from the original.
  proposal.variables.forEach((variable, i) => {
    expect(variable.index).toBe(i + 1);
    expect(proposal.text.slice(variable.start, variable.end)).toBe(`{{${i + 1}}}`);
    expect(entry.message).toContain(variable.example);
    expect(variable.accepted).toBe(false);
  });
}

describe('identifyTemplateVariables', () => {
  it('has a table of at least 40 Spanish messages', () => {
    expect(FINDS.length + LEAVES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(FINDS.map((entry) => [entry.message, entry] as const))(
    'finds the variables of "%s"',
    (_, entry) => {
      check(entry);
    },
  );

  it.each(LEAVES.map((entry) => [entry.message, entry] as const))('leaves "%s" alone', (_, entry) => {
    check(entry);
  });

  it('filling the examples back gives the original message', () => {
    for (const entry of FINDS) {
      const proposal = identifyTemplateVariables(entry.message);
      const filled = proposal.text.replace(
        /\{\{(\d+)\}\}/g,
        (_, n: string) => proposalExamples(proposal)[Number(n) - 1] ?? '',
      );
      expect(filled).toBe(entry.message);
    }
  });

  it('keeps the placeholders the text already has and numbers around them', () => {
    const proposal = identifyTemplateVariables('{{1}}, tu pedido 98765 llega el 15/03.');
    expect(proposal.text).toBe('{{1}}, tu pedido {{2}} llega el {{3}}.');
    expect(proposal.variables.map((v) => [v.kind, v.example, v.accepted])).toEqual([
      ['manual', '', true],
      ['code', '98765', false],
      ['date', '15/03', false],
    ]);
  });

  it('falls back to utility with no variables on empty or invalid input (02 §7)', () => {
    for (const input of ['', '   ', null, undefined, 42, { text: 'Hola Juan' }]) {
      const proposal = identifyTemplateVariables(input);
      expect(proposal.variables).toEqual([]);
      expect(proposal.category).toBe('utility');
    }
    expect(identifyTemplateVariables('x'.repeat(5000)).variables).toEqual([]);
  });

  it('proposes only the category when variables are not asked for', () => {
    const proposal = identifyTemplateVariables('Hola Juan, 20% de descuento hoy.', {
      identifyVariables: false,
    });
    expect(proposal).toEqual({
      text: 'Hola Juan, 20% de descuento hoy.',
      originalText: 'Hola Juan, 20% de descuento hoy.',
      variables: [],
      category: 'marketing',
    });
  });

  it('answers the same proposal for the same message', () => {
    const message = 'Hola Juan, tu pedido 98765 llega el 15 de marzo a las 3 pm.';
    const proposal = {
      text: 'Hola {{1}}, tu pedido {{2}} llega el {{3}} a las {{4}}.',
      originalText: message,
      variables: [
        { index: 1, example: 'Juan', kind: 'name', start: 5, end: 10, accepted: false },
        { index: 2, example: '98765', kind: 'code', start: 22, end: 27, accepted: false },
        { index: 3, example: '15 de marzo', kind: 'date', start: 37, end: 42, accepted: false },
        { index: 4, example: '3 pm', kind: 'time', start: 49, end: 54, accepted: false },
      ],
      category: 'utility',
    };
    expect(identifyTemplateVariables(message)).toEqual(proposal);
    expect(identifyTemplateVariables(message)).toEqual(proposal);
  });

  // A wall-clock budget means nothing under mutation testing, which instruments every statement (60 times slower
  // here); the plain suite keeps it.
  it.skipIf('__stryker__' in globalThis)('stays fast on long adversarial input', () => {
    const started = Date.now();
    for (const input of ['a.'.repeat(2000), '1 '.repeat(2000), '$1,'.repeat(1300), '+1 '.repeat(1300)]) {
      identifyTemplateVariables(input);
    }
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('proposeTemplateCategory', () => {
  it.each([
    ['Obtén 20% de descuento en tu próxima compra', 'marketing'],
    ['Gran oferta de fin de semana', 'marketing'],
    ['Envío gratis en todos los pedidos', 'marketing'],
    ['Compra ahora y recibe un regalo', 'marketing'],
    ['Solo hoy 50% en zapatos', 'marketing'],
    ['Promoción válida hasta agotar existencias', 'marketing'],
    ['Tu pedido fue enviado, ya tiene un 50% de avance.', 'utility'],
    ['Te recordamos tu cita de mañana', 'utility'],
    ['Tu pago fue confirmado', 'utility'],
    ['', 'utility'],
  ] as const)('"%s" is %s', (text, category) => {
    expect(proposeTemplateCategory(text)).toBe(category);
  });
});

describe('accepting, editing and undoing a proposed variable', () => {
  const message = 'Hola Juan, tu pedido 98765 llega el 15/03/2026 a las 10:30.';

  it('undo restores the original text and renumbers the rest', () => {
    const proposal = identifyTemplateVariables(message);
    expect(proposal.text).toBe('Hola {{1}}, tu pedido {{2}} llega el {{3}} a las {{4}}.');
    const undone = undoProposedVariable(proposal, 2);
    expect(undone.text).toBe('Hola {{1}}, tu pedido 98765 llega el {{2}} a las {{3}}.');
    expect(undone.variables.map((v) => [v.index, v.kind, v.example])).toEqual([
      [1, 'name', 'Juan'],
      [2, 'date', '15/03/2026'],
      [3, 'time', '10:30'],
    ]);
    undone.variables.forEach((v) => {
      expect(undone.text.slice(v.start, v.end)).toBe(`{{${v.index}}}`);
    });
    expect(undone.originalText).toBe(message);
  });

  it('undoing every variable gives back the original message', () => {
    let proposal = identifyTemplateVariables(message);
    while (proposal.variables.length > 0) proposal = undoProposedVariable(proposal, 1);
    expect(proposal.text).toBe(message);
  });

  it('undoing the last one leaves the others as they were', () => {
    const proposal = identifyTemplateVariables(message);
    const undone = undoProposedVariable(proposal, 4);
    expect(undone.text).toBe('Hola {{1}}, tu pedido {{2}} llega el {{3}} a las 10:30.');
    expect(undone.variables).toEqual(proposal.variables.slice(0, 3));
  });

  it('accept marks one variable and changes nothing else', () => {
    const proposal = identifyTemplateVariables(message);
    const accepted = acceptProposedVariable(proposal, 3);
    expect(accepted.text).toBe(proposal.text);
    expect(accepted.variables.map((v) => v.accepted)).toEqual([false, false, true, false]);
    // The proposal it came from is not changed.
    expect(proposal.variables.every((v) => !v.accepted)).toBe(true);
  });

  it('editing the example keeps the placeholder and accepts the variable', () => {
    const edited = editProposedVariableExample(identifyTemplateVariables(message), 1, 'Ana');
    expect(edited.variables[0]).toMatchObject({ index: 1, example: 'Ana', accepted: true });
    expect(proposalExamples(edited)).toEqual(['Ana', '98765', '15/03/2026', '10:30']);
  });

  it('ignores an index that does not exist', () => {
    const proposal = identifyTemplateVariables(message);
    expect(undoProposedVariable(proposal, 9)).toBe(proposal);
    expect(acceptProposedVariable(proposal, 0)).toBe(proposal);
  });

  it('turns a selection into a variable numbered by its place', () => {
    const proposal = identifyTemplateVariables('Hola Juan, tu mesa en Terraza está lista.');
    expect(proposal.text).toBe('Hola {{1}}, tu mesa en Terraza está lista.');
    const start = proposal.text.indexOf('Terraza');
    const result = addVariableFromSelection(proposal, start - 1, start + 'Terraza'.length + 1);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.proposal.text).toBe('Hola {{1}}, tu mesa en {{2}} está lista.');
    expect(result.proposal.variables[1]).toMatchObject({
      index: 2,
      example: 'Terraza',
      kind: 'manual',
      accepted: true,
    });

    // A selection before an existing variable takes its number and pushes the others down.
    const before = addVariableFromSelection(result.proposal, 0, 4);
    expect(before.ok && before.proposal.text).toBe('{{1}} {{2}}, tu mesa en {{3}} está lista.');
    expect(before.ok && proposalExamples(before.proposal)).toEqual(['Hola', 'Juan', 'Terraza']);
  });

  it('refuses an empty selection or one that touches a variable (SELECTED_VARIABLE_INVALID)', () => {
    const proposal = identifyTemplateVariables('Hola Juan, tu mesa está lista.');
    const invalid = { ok: false, code: 'SELECTED_VARIABLE_INVALID' };
    expect(addVariableFromSelection(proposal, 3, 3)).toEqual(invalid);
    expect(addVariableFromSelection(proposal, 9, 11)).toEqual(invalid);
    expect(addVariableFromSelection(proposal, 0, 7)).toEqual(invalid);
    expect(addVariableFromSelection(proposal, -1, 2)).toEqual(invalid);
    expect(addVariableFromSelection(proposal, 0, 999)).toEqual(invalid);
  });

  it('a proposal without a variable at the edge passes the template variable rules', () => {
    const proposal = identifyTemplateVariables(message);
    expect(validateTemplateVariables(proposal.text, proposalExamples(proposal))).toBeNull();
    const atEdge = identifyTemplateVariables('Tu código de verificación es 482913');
    expect(validateTemplateVariables(atEdge.text, proposalExamples(atEdge))).toBe(
      'El mensaje no puede empezar ni terminar con una variable.',
    );
  });
});

// Each rule's bounds, one step either side, as the proposal shows them: the rewritten text and what was found.
function proposed(message: string): { text: string; found: Found[] } {
  const proposal = identifyTemplateVariables(message);
  return { text: proposal.text, found: proposal.variables.map((v) => [v.kind, v.example]) };
}

describe('identifyTemplateVariables at the bounds of each rule', () => {
  it('leaves every closing mark after a link in the text', () => {
    expect(proposed('Más ofertas (ver https://tienda.mx/ofertas).')).toEqual({
      text: 'Más ofertas (ver {{1}}).',
      found: [['url', 'https://tienda.mx/ofertas']],
    });
  });

  it('takes a code of three characters with a digit after an order word, not of two', () => {
    expect(proposed('Tu pedido 123 ya salió.')).toEqual({
      text: 'Tu pedido {{1}} ya salió.',
      found: [['code', '123']],
    });
    expect(proposed('Tu pedido 12 ya salió.').found).toEqual([]);
  });

  it('takes a coupon word of four or more capitals, nothing else without a digit', () => {
    expect(proposed('Usa el cupón ABCD al pagar.').found).toEqual([['code', 'ABCD']]);
    expect(proposed('Usa el cupón ABC al pagar.').found).toEqual([]);
    expect(proposed('Usa el cupón xVERANO al pagar.').found).toEqual([]);
    expect(proposed('Usa el cupón VERANOx al pagar.').found).toEqual([]);
  });

  it('takes a phone of 8 to 15 digits', () => {
    expect(proposed('Llama al 1234 5678 hoy.').found).toEqual([['phone', '1234 5678']]);
    expect(proposed('Llama al 123 4567 hoy.').found).toEqual([]);
    expect(proposed('Llama al +12 4 5678 1234 5678 hoy.').found).toEqual([['phone', '+12 4 5678 1234 5678']]);
    expect(proposed('Llama al +123 4 5678 1234 5678 hoy.').found).toEqual([]);
  });

  it('takes a code after # when it has a digit and three characters', () => {
    expect(proposed('Sigue #A12, #A1, #12 y #ABCD.')).toEqual({
      text: 'Sigue #{{1}}, #A1, #12 y #ABCD.',
      found: [['code', 'A12']],
    });
  });

  it('takes a standalone code of 8 characters with 4 digits and a capital letter', () => {
    expect(proposed('Tu paquete 1Z999AA10123456784 va en camino.')).toEqual({
      text: 'Tu paquete {{1}} va en camino.',
      found: [['code', '1Z999AA10123456784']],
    });
    expect(proposed('Modelos AB12345C y A1234567 listos.').found).toEqual([
      ['code', 'AB12345C'],
      ['code', 'A1234567'],
    ]);
    expect(proposed('Modelos ABCD1234 y ABCDE123 listos.').found).toEqual([['code', 'ABCD1234']]);
    expect(proposed('Modelos AB1234C, ABCDEFG1 y 1234567890123456 listos.').found).toEqual([]);
  });

  it('drops a second word that is not a name, even after two spaces', () => {
    expect(proposed('Hola Juan  Gracias por venir.').found).toEqual([['name', 'Juan']]);
  });

  it('finds a value right next to a placeholder on either side', () => {
    expect(proposed('Llama al 5512345678{{1}}5587654321 hoy.')).toEqual({
      text: 'Llama al {{1}}{{2}}{{3}} hoy.',
      found: [
        ['phone', '5512345678'],
        ['manual', ''],
        ['phone', '5587654321'],
      ],
    });
  });

  it('keeps a placeholder in the middle of the text where it is', () => {
    expect(proposed('Hola {{1}}, tu pedido 98765 llega.')).toEqual({
      text: 'Hola {{1}}, tu pedido {{2}} llega.',
      found: [
        ['manual', ''],
        ['code', '98765'],
      ],
    });
  });

  it('reads messages up to 4096 characters and no longer', () => {
    const message = (length: number) => {
      const start = 'Hola Juan, ';
      return start + 'a'.repeat(length - start.length - 1) + '.';
    };
    expect(message(4096)).toHaveLength(4096);
    expect(proposed(message(4096)).found).toEqual([['name', 'Juan']]);
    expect(identifyTemplateVariables(message(4097))).toEqual({
      text: message(4097),
      originalText: message(4097),
      variables: [],
      category: 'utility',
    });
  });

  it('answers the fallback with the text itself, or an empty text for what is not text', () => {
    expect(identifyTemplateVariables('   ')).toEqual({
      text: '   ',
      originalText: '   ',
      variables: [],
      category: 'utility',
    });
    for (const input of [null, 42, { text: 'Hola Juan' }]) {
      expect(identifyTemplateVariables(input)).toEqual({
        text: '',
        originalText: '',
        variables: [],
        category: 'utility',
      });
    }
  });

  it('numbers ten or more variables and undoes the tenth', () => {
    const message = `Pedidos: ${Array.from({ length: 10 }, (_, i) => `pedido ${1001 + i}`).join(', ')}.`;
    const proposal = identifyTemplateVariables(message);
    expect(proposal.variables).toHaveLength(10);
    expect(proposal.text.endsWith('pedido {{9}}, pedido {{10}}.')).toBe(true);
    const undone = undoProposedVariable(proposal, 10);
    expect(undone.text.endsWith('pedido {{9}}, pedido 1010.')).toBe(true);
    expect(undone.variables).toHaveLength(9);
  });
});

describe('proposeTemplateCategory on what is not text', () => {
  it('answers utility', () => {
    for (const input of [null, undefined, 42, ['oferta'], '   ']) {
      expect(proposeTemplateCategory(input)).toBe('utility');
    }
  });
});

describe('a proposal edited by hand', () => {
  const repeated = {
    text: 'Hola {{1}}, adiós {{1}}.',
    originalText: 'Hola Ana, adiós Ana.',
    variables: [{ index: 1, example: 'Ana', kind: 'name' as const, start: 5, end: 10, accepted: false }],
    category: 'utility' as const,
  };

  it('keeps one variable for a placeholder written twice', () => {
    const accepted = acceptProposedVariable(repeated, 1);
    expect(accepted.text).toBe('Hola {{1}}, adiós {{1}}.');
    expect(accepted.variables).toEqual([
      { index: 1, example: 'Ana', kind: 'name', start: 5, end: 10, accepted: true },
    ]);
  });

  it('describes a placeholder typed by hand as a manual variable without example', () => {
    const typed = { ...repeated, text: 'Hola {{1}}, pedido {{2}}.' };
    const accepted = acceptProposedVariable(typed, 1);
    expect(accepted.variables).toEqual([
      { index: 1, example: 'Ana', kind: 'name', start: 5, end: 10, accepted: true },
      { index: 2, example: '', kind: 'manual', start: 19, end: 24, accepted: true },
    ]);
  });

  it('ignores an edit of a variable that does not exist', () => {
    expect(editProposedVariableExample(repeated, 2, 'Luis')).toBe(repeated);
  });

  it('gives the examples in number order whatever the order of the list', () => {
    const shuffled = {
      ...repeated,
      text: 'Hola {{1}}, pedido {{2}}.',
      variables: [
        { index: 2, example: '98765', kind: 'code' as const, start: 19, end: 24, accepted: false },
        { index: 1, example: 'Ana', kind: 'name' as const, start: 5, end: 10, accepted: false },
      ],
    };
    expect(proposalExamples(shuffled)).toEqual(['Ana', '98765']);
  });
});

describe('addVariableFromSelection at its bounds', () => {
  const invalid = { ok: false, code: 'SELECTED_VARIABLE_INVALID' };
  const proposal = identifyTemplateVariables('Hola Juan, tu mesa en Terraza está lista.');
  const at = proposal.text.indexOf('Terraza');

  it('leaves out a space before the selection only', () => {
    const result = addVariableFromSelection(proposal, at - 1, at + 'Terraza'.length);
    expect(result.ok && result.proposal.text).toBe('Hola {{1}}, tu mesa en {{2}} está lista.');
    expect(result.ok && proposalExamples(result.proposal)).toEqual(['Juan', 'Terraza']);
  });

  it('takes a selection that ends at the end of the text', () => {
    const end = proposal.text.length;
    const result = addVariableFromSelection(proposal, end - 'lista.'.length, end);
    expect(result.ok && result.proposal.text).toBe('Hola {{1}}, tu mesa en Terraza está {{2}}');
    expect(result.ok && proposalExamples(result.proposal)).toEqual(['Juan', 'lista.']);
  });

  it('refuses positions that are not whole characters', () => {
    expect(addVariableFromSelection(proposal, at + 0.5, at + 7)).toEqual(invalid);
    expect(addVariableFromSelection(proposal, at, at + 7.5)).toEqual(invalid);
  });

  it('refuses a selection that starts before the text or ends after it, spaces or not', () => {
    const spaced = identifyTemplateVariables('Mesa en Terraza ');
    const length = spaced.text.length;
    expect(addVariableFromSelection(spaced, -1, length)).toEqual(invalid);
    expect(addVariableFromSelection(spaced, spaced.text.indexOf('Terraza'), length + 1)).toEqual(invalid);
  });

  it('refuses a selection of spaces only, and the number inside a placeholder', () => {
    const space = proposal.text.indexOf(' está');
    expect(addVariableFromSelection(proposal, space, space + 1)).toEqual(invalid);
    const digit = proposal.text.indexOf('1}}');
    expect(addVariableFromSelection(proposal, digit, digit + 1)).toEqual(invalid);
  });
});
