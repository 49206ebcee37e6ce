import { describe, expect, it } from 'vitest';
import type { BotStep, ChatbotMenu, ChatbotOption, ChatbotState } from '../automation';
import {
  advanceChatbot,
  CHATBOT_BACK_ID,
  CHATBOT_MESSAGES,
  type ChatbotInput,
  chatbotChoices,
  chatbotFieldAnswer,
  chatbotOptions,
  cleanChatbotMenu,
  validateChatbotMenu,
} from './chatbot';

const MENU: ChatbotMenu = {
  greeting: '¡Hola! Soy el asistente de Tienda Sol. ¿En qué te ayudo?',
  invalidText: 'No te entendí, elige una opción:',
  handoverText: 'Te paso con un asesor.',
  options: [
    {
      id: 'horarios',
      label: 'Horarios',
      action: { type: 'reply', text: 'Abrimos de 9 a 18 h.', after: 'menu' },
    },
    {
      id: 'catalogo',
      label: 'Catálogo',
      action: {
        type: 'reply',
        text: 'Te comparto el catálogo.',
        media: { url: 'https://cdn.example.com/catalogo.pdf', fileType: 'document', name: 'catalogo.pdf' },
        after: 'end',
      },
    },
    {
      id: 'correo',
      label: 'Dejar mi correo',
      action: { type: 'question', text: '¿Cuál es tu correo?', fieldKey: '1Correo', after: 'menu' },
    },
    {
      id: 'ventas',
      label: 'Ventas',
      action: {
        type: 'submenu',
        text: 'Ventas: ¿qué necesitas?',
        options: [
          {
            id: 'mayoreo',
            label: 'Mayoreo',
            action: { type: 'tag', tagId: 7, text: 'Anotado: compra de mayoreo.', after: 'handover' },
          },
          {
            id: 'juan',
            label: 'Hablar con Juan',
            action: { type: 'assignAgent', userId: 42, text: 'Juan te atiende.' },
          },
          { id: 'equipo', label: 'Equipo de ventas', action: { type: 'assignSpace', spaceId: 3 } },
          {
            id: 'cumple',
            label: 'Mi cumpleaños',
            action: {
              type: 'question',
              text: '¿Cuándo es tu cumpleaños?',
              fieldKey: '1Cumple',
              after: 'end',
            },
          },
        ],
      },
    },
    { id: 'asesor', label: 'Hablar con un asesor', action: { type: 'handover' } },
  ],
};

const FIELDS = {
  validateField(fieldKey: string, value: string): string | null {
    if (fieldKey === '1Correo') return /^[^@\s]+@[^@\s]+\.[a-z]+$/i.test(value) ? null : 'Correo inválido';
    if (fieldKey === '1Cumple') return /^\d{1,2}\/\d{1,2}\/\d{4}$/.test(value) ? null : 'Fecha inválida';
    return null;
  },
};

const TOP_CHOICES = [
  { id: 'horarios', title: 'Horarios' },
  { id: 'catalogo', title: 'Catálogo' },
  { id: 'correo', title: 'Dejar mi correo' },
  { id: 'ventas', title: 'Ventas' },
  { id: 'asesor', title: 'Hablar con un asesor' },
];
const SALES_CHOICES = [
  { id: 'mayoreo', title: 'Mayoreo' },
  { id: 'juan', title: 'Hablar con Juan' },
  { id: 'equipo', title: 'Equipo de ventas' },
  { id: 'cumple', title: 'Mi cumpleaños' },
  { id: CHATBOT_BACK_ID, title: 'Volver' },
];

const at = (path: string[], retries = 0): ChatbotState => ({ path, awaiting: null, retries });
const menu = (text: string, choices = TOP_CHOICES): BotStep => ({
  kind: 'send',
  message: { type: 'menu', text, choices },
});
const say = (text: string): BotStep => ({ kind: 'send', message: { type: 'text', text } });

function turn(state: ChatbotState | null, input: string | ChatbotInput) {
  return advanceChatbot(MENU, state, typeof input === 'string' ? { text: input } : input, FIELDS);
}

describe('advanceChatbot: a conversation walks the menu', () => {
  const cases: Array<{
    name: string;
    state: ChatbotState | null;
    input: string | ChatbotInput;
    steps: BotStep[];
    next: ChatbotState | null;
  }> = [
    {
      name: 'greets a new conversation with the first menu, whatever it wrote',
      state: null,
      input: 'Hola, buenas tardes',
      steps: [menu(MENU.greeting)],
      next: at([]),
    },
    {
      name: 'answers the option whose number is typed, then shows the menu again',
      state: at([]),
      input: '1',
      steps: [say('Abrimos de 9 a 18 h.'), menu(CHATBOT_MESSAGES.menuAgain)],
      next: at([]),
    },
    {
      name: 'takes a number typed with spaces around it',
      state: at([]),
      input: '  1 ',
      steps: [say('Abrimos de 9 a 18 h.'), menu(CHATBOT_MESSAGES.menuAgain)],
      next: at([]),
    },
    {
      name: 'answers the option of the button tapped (its reply id)',
      state: at([]),
      input: { text: 'Horarios', replyId: 'horarios' },
      steps: [say('Abrimos de 9 a 18 h.'), menu(CHATBOT_MESSAGES.menuAgain)],
      next: at([]),
    },
    {
      name: 'trusts the reply id over the title a list row shows',
      state: at([]),
      input: { text: 'Otra cosa', replyId: 'asesor' },
      steps: [say('Te paso con un asesor.'), { kind: 'finish', reason: 'handover' }],
      next: null,
    },
    {
      name: 'sends the text and the file of an answer, then ends quietly when it says so',
      state: at([]),
      input: '2',
      steps: [
        say('Te comparto el catálogo.'),
        {
          kind: 'send',
          message: {
            type: 'media',
            media: {
              url: 'https://cdn.example.com/catalogo.pdf',
              fileType: 'document',
              name: 'catalogo.pdf',
            },
          },
        },
        { kind: 'finish', reason: 'end' },
      ],
      next: null,
    },
    {
      name: 'asks a question and waits for its answer',
      state: at([]),
      input: '3',
      steps: [say('¿Cuál es tu correo?')],
      next: { path: [], awaiting: { optionId: 'correo', fieldKey: '1Correo' }, retries: 0 },
    },
    {
      name: 'stores a valid answer in the data-sheet field and shows the menu again',
      state: { path: [], awaiting: { optionId: 'correo', fieldKey: '1Correo' }, retries: 0 },
      input: ' ana@correo.mx ',
      steps: [
        { kind: 'setField', fieldKey: '1Correo', value: 'ana@correo.mx' },
        menu(CHATBOT_MESSAGES.menuAgain),
      ],
      next: at([]),
    },
    {
      name: 'refuses an answer the field does not take, says why and asks again',
      state: { path: [], awaiting: { optionId: 'correo', fieldKey: '1Correo' }, retries: 0 },
      input: 'no tengo',
      steps: [say('Correo inválido\n¿Cuál es tu correo?')],
      next: { path: [], awaiting: { optionId: 'correo', fieldKey: '1Correo' }, retries: 1 },
    },
    {
      name: 'asks again when the answer is empty (a sticker, a photo without caption)',
      state: { path: [], awaiting: { optionId: 'correo', fieldKey: '1Correo' }, retries: 1 },
      input: '   ',
      steps: [say(`${CHATBOT_MESSAGES.answerRequired}\n¿Cuál es tu correo?`)],
      next: { path: [], awaiting: { optionId: 'correo', fieldKey: '1Correo' }, retries: 2 },
    },
    {
      name: 'hands over after the third answer the field refuses',
      state: { path: [], awaiting: { optionId: 'correo', fieldKey: '1Correo' }, retries: 2 },
      input: 'sigo sin correo',
      steps: [say('Te paso con un asesor.'), { kind: 'finish', reason: 'retries' }],
      next: null,
    },
    {
      name: 'takes a question answer that looks like a menu number as the answer',
      state: { path: ['ventas'], awaiting: { optionId: 'cumple', fieldKey: '1Cumple' }, retries: 0 },
      input: '12/05/1990',
      steps: [
        { kind: 'setField', fieldKey: '1Cumple', value: '12/05/1990' },
        { kind: 'finish', reason: 'end' },
      ],
      next: null,
    },
    {
      name: 'opens a sub-menu with its own text and a «Volver» choice',
      state: at([]),
      input: '4',
      steps: [menu('Ventas: ¿qué necesitas?', SALES_CHOICES)],
      next: at(['ventas']),
    },
    {
      name: 'goes back up when 0 is typed in a sub-menu',
      state: at(['ventas']),
      input: '0',
      steps: [menu(MENU.greeting)],
      next: at([]),
    },
    {
      name: 'goes back up when «Volver» is tapped',
      state: at(['ventas']),
      input: { text: 'Volver', replyId: CHATBOT_BACK_ID },
      steps: [menu(MENU.greeting)],
      next: at([]),
    },
    {
      name: 'goes back up when the number of «Volver» is typed',
      state: at(['ventas']),
      input: '5',
      steps: [menu(MENU.greeting)],
      next: at([]),
    },
    {
      name: 'does not understand 0 on the first level',
      state: at([]),
      input: '0',
      steps: [menu('No te entendí, elige una opción:')],
      next: at([], 1),
    },
    {
      name: 'tags the conversation, says its text and hands over',
      state: at(['ventas']),
      input: '1',
      steps: [
        { kind: 'tag', tagId: 7 },
        say('Anotado: compra de mayoreo.'),
        say('Te paso con un asesor.'),
        { kind: 'finish', reason: 'handover' },
      ],
      next: null,
    },
    {
      name: 'assigns to the agent of the option and ends the bot',
      state: at(['ventas']),
      input: { text: 'Hablar con Juan', replyId: 'juan' },
      steps: [
        say('Juan te atiende.'),
        { kind: 'assignAgent', userId: 42 },
        { kind: 'finish', reason: 'assigned' },
      ],
      next: null,
    },
    {
      name: "assigns to one of a space's agents without a text when the option has none",
      state: at(['ventas']),
      input: '3',
      steps: [
        { kind: 'assignSpace', spaceId: 3 },
        { kind: 'finish', reason: 'assigned' },
      ],
      next: null,
    },
    {
      name: 'hands over with the menu text on «Hablar con un asesor»',
      state: at([]),
      input: '5',
      steps: [say('Te paso con un asesor.'), { kind: 'finish', reason: 'handover' }],
      next: null,
    },
    {
      name: 'repeats the menu with the invalid text for an answer it does not understand',
      state: at([]),
      input: 'quiero saber el precio',
      steps: [menu('No te entendí, elige una opción:')],
      next: at([], 1),
    },
    {
      name: 'repeats the sub-menu, not the first one, for a number out of range',
      state: at(['ventas']),
      input: '9',
      steps: [menu('No te entendí, elige una opción:', SALES_CHOICES)],
      next: at(['ventas'], 1),
    },
    {
      name: 'repeats the menu a second time',
      state: at([], 1),
      input: 'precio',
      steps: [menu('No te entendí, elige una opción:')],
      next: at([], 2),
    },
    {
      name: 'hands over on the third answer not understood',
      state: at([], 2),
      input: 'precio!!',
      steps: [say('Te paso con un asesor.'), { kind: 'finish', reason: 'retries' }],
      next: null,
    },
    {
      name: 'forgets the answers not understood once an option is chosen',
      state: at([], 2),
      input: '4',
      steps: [menu('Ventas: ¿qué necesitas?', SALES_CHOICES)],
      next: at(['ventas']),
    },
    {
      name: 'ignores a reply id of another level (an old button tapped)',
      state: at(['ventas']),
      input: { text: 'Horarios', replyId: 'horarios' },
      steps: [menu('No te entendí, elige una opción:', SALES_CHOICES)],
      next: at(['ventas'], 1),
    },
    {
      name: 'starts from the first level when the sub-menu was deleted from the menu meanwhile',
      state: at(['ya-no-existe']),
      input: '1',
      steps: [say('Abrimos de 9 a 18 h.'), menu(CHATBOT_MESSAGES.menuAgain)],
      next: at([]),
    },
  ];

  for (const c of cases) {
    it(c.name, () => {
      const result = turn(c.state, c.input);
      expect(result.steps).toEqual(c.steps);
      expect(result.state).toEqual(c.next);
    });
  }

  it('falls back to its own Spanish texts when the menu sets none', () => {
    const bare: ChatbotMenu = { greeting: 'Hola', options: MENU.options };
    const invalid = advanceChatbot(bare, at([]), { text: 'eh?' }, FIELDS);
    expect(invalid.steps).toEqual([menu(CHATBOT_MESSAGES.invalidAnswer)]);
    const handover = advanceChatbot(bare, at([]), { text: '5' }, FIELDS);
    expect(handover.steps).toEqual([say(CHATBOT_MESSAGES.handover), { kind: 'finish', reason: 'handover' }]);
  });

  it('leaves «Volver» out of a sub-menu that already fills a list', () => {
    const ten: ChatbotOption[] = Array.from({ length: 10 }, (_, i) => ({
      id: `o${i}`,
      label: `Opción ${i + 1}`,
      action: { type: 'handover' },
    }));
    const wide: ChatbotMenu = {
      greeting: 'Hola',
      options: [{ id: 'mas', label: 'Más', action: { type: 'submenu', text: 'Elige', options: ten } }],
    };
    const opened = advanceChatbot(wide, at([]), { text: '1' }, FIELDS);
    const [step] = opened.steps;
    expect(step.kind === 'send' && step.message.type === 'menu' && step.message.choices).toHaveLength(10);
    // Typing 0 still goes back.
    expect(advanceChatbot(wide, at(['mas']), { text: '0' }, FIELDS).state).toEqual(at([]));
  });
});

describe('validateChatbotMenu', () => {
  const option = (id: string, extra: Partial<ChatbotOption> = {}): ChatbotOption => ({
    id,
    label: `Opción ${id}`,
    action: { type: 'handover' },
    ...extra,
  });

  it('accepts the example menu', () => {
    expect(validateChatbotMenu(MENU)).toEqual([]);
  });

  const cases: Array<{ name: string; menu: unknown; errors: Array<{ path: string; message: string }> }> = [
    {
      name: 'requires a greeting',
      menu: { greeting: '  ', options: [option('a')] },
      errors: [{ path: 'greeting', message: CHATBOT_MESSAGES.greetingRequired }],
    },
    {
      name: 'refuses a greeting over 1024 characters',
      menu: { greeting: 'a'.repeat(1025), options: [option('a')] },
      errors: [{ path: 'greeting', message: CHATBOT_MESSAGES.greetingTooLong }],
    },
    {
      name: 'requires at least one option',
      menu: { greeting: 'Hola', options: [] },
      errors: [{ path: 'options', message: CHATBOT_MESSAGES.optionsRequired }],
    },
    {
      name: 'refuses more than 10 options on a level',
      menu: { greeting: 'Hola', options: Array.from({ length: 11 }, (_, i) => option(`o${i}`)) },
      errors: [{ path: 'options', message: CHATBOT_MESSAGES.tooManyOptions }],
    },
    {
      name: 'requires a label of at most 24 characters',
      menu: {
        greeting: 'Hola',
        options: [option('a', { label: '' }), option('b', { label: 'x'.repeat(25) })],
      },
      errors: [
        { path: 'options.0.label', message: CHATBOT_MESSAGES.labelRequired },
        { path: 'options.1.label', message: CHATBOT_MESSAGES.labelTooLong },
      ],
    },
    {
      name: 'refuses an id used twice in the tree, even across levels',
      menu: {
        greeting: 'Hola',
        options: [
          option('a'),
          option('sub', { action: { type: 'submenu', text: 'Sub', options: [option('a')] } }),
        ],
      },
      errors: [{ path: 'options.1.action.options.0.id', message: CHATBOT_MESSAGES.idDuplicated }],
    },
    {
      name: "refuses the id reserved for 'Volver'",
      menu: { greeting: 'Hola', options: [option(CHATBOT_BACK_ID)] },
      errors: [{ path: 'options.0.id', message: CHATBOT_MESSAGES.idReserved }],
    },
    {
      name: 'requires the options of a sub-menu',
      menu: {
        greeting: 'Hola',
        options: [option('sub', { action: { type: 'submenu', text: 'Sub', options: [] } })],
      },
      errors: [{ path: 'options.0.action.options', message: CHATBOT_MESSAGES.submenuOptionsRequired }],
    },
    {
      name: 'requires the field of a question and what comes after it',
      menu: {
        greeting: 'Hola',
        options: [option('q', { action: { type: 'question', text: '¿Tu correo?', fieldKey: ' ' } as never })],
      },
      errors: [
        { path: 'options.0.action.fieldKey', message: CHATBOT_MESSAGES.fieldRequired },
        { path: 'options.0.action.after', message: CHATBOT_MESSAGES.afterInvalid },
      ],
    },
    {
      name: 'requires the tag, the agent and the space of their options',
      menu: {
        greeting: 'Hola',
        options: [
          option('t', { action: { type: 'tag', after: 'menu' } as never }),
          option('u', { action: { type: 'assignAgent', userId: 0 } }),
          option('s', { action: { type: 'assignSpace', spaceId: 2.5 } }),
        ],
      },
      errors: [
        { path: 'options.0.action.tagId', message: CHATBOT_MESSAGES.tagRequired },
        { path: 'options.1.action.userId', message: CHATBOT_MESSAGES.agentRequired },
        { path: 'options.2.action.spaceId', message: CHATBOT_MESSAGES.spaceRequired },
      ],
    },
    {
      name: 'requires a text or a file in an answer, and an action type it knows',
      menu: {
        greeting: 'Hola',
        options: [
          option('r', { action: { type: 'reply', text: '', after: 'menu' } }),
          option('x', { action: { type: 'llamar' } as never }),
        ],
      },
      errors: [
        { path: 'options.0.action.text', message: CHATBOT_MESSAGES.replyRequired },
        { path: 'options.1.action.type', message: CHATBOT_MESSAGES.actionInvalid },
      ],
    },
    {
      name: 'refuses a file that is not a web address',
      menu: {
        greeting: 'Hola',
        options: [
          option('r', {
            action: {
              type: 'reply',
              text: 'Mira',
              media: { url: 'file:///etc/passwd', fileType: 'image' },
              after: 'end',
            },
          }),
        ],
      },
      errors: [{ path: 'options.0.action.media', message: CHATBOT_MESSAGES.mediaInvalid }],
    },
    {
      name: 'refuses a sixth level',
      menu: (() => {
        let options: ChatbotOption[] = [option('hoja')];
        for (let depth = 5; depth >= 1; depth -= 1) {
          options = [option(`n${depth}`, { action: { type: 'submenu', text: `Nivel ${depth}`, options } })];
        }
        return { greeting: 'Hola', options };
      })(),
      errors: [
        {
          path: 'options.0.action.options.0.action.options.0.action.options.0.action.options.0.action.options',
          message: CHATBOT_MESSAGES.tooDeep,
        },
      ],
    },
    {
      name: 'refuses what is not a menu at all',
      menu: 'hola',
      errors: [{ path: '', message: CHATBOT_MESSAGES.menuInvalid }],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(validateChatbotMenu(c.menu as ChatbotMenu)).toEqual(c.errors);
    });
  }

  it('accepts five levels', () => {
    let options: ChatbotOption[] = [option('hoja')];
    for (let depth = 4; depth >= 1; depth -= 1) {
      options = [option(`n${depth}`, { action: { type: 'submenu', text: `Nivel ${depth}`, options } })];
    }
    expect(validateChatbotMenu({ greeting: 'Hola', options })).toEqual([]);
  });
});

describe('cleanChatbotMenu', () => {
  it('trims the texts and keeps nothing the tree does not describe', () => {
    const sent = {
      greeting: '  Hola  ',
      invalidText: '   ',
      extra: 'x',
      options: [
        {
          id: ' a ',
          label: ' Horarios ',
          description: '',
          junk: 1,
          action: { type: 'handover', text: ' Ya va ', more: 2 },
        },
      ],
    } as unknown as ChatbotMenu;
    expect(cleanChatbotMenu(sent)).toEqual({
      greeting: 'Hola',
      options: [{ id: 'a', label: 'Horarios', action: { type: 'handover', text: 'Ya va' } }],
    });
  });

  it('lists every option of the tree with the sub-menus above it', () => {
    expect(chatbotOptions(MENU).map(({ option, path }) => [option.id, path.join('/')])).toEqual([
      ['horarios', ''],
      ['catalogo', ''],
      ['correo', ''],
      ['ventas', ''],
      ['mayoreo', 'ventas'],
      ['juan', 'ventas'],
      ['equipo', 'ventas'],
      ['cumple', 'ventas'],
      ['asesor', ''],
    ]);
  });
});

describe('chatbotFieldAnswer', () => {
  const cases: Array<[string, { type: string; options: string[] }, string, string]> = [
    ['a «sí» for a boolean field', { type: 'boolean', options: [] }, 'Sí', 'true'],
    ['a «no» for a boolean field', { type: 'boolean', options: [] }, 'no.', 'false'],
    ['a Spanish date for a date field', { type: 'date', options: [] }, '5/3/1990', '1990-03-05'],
    ['a list choice in other capitals', { type: 'list', options: ['Norte', 'Sur'] }, 'sur', 'Sur'],
    ['anything else as typed', { type: 'string', options: [] }, '  Calle 5 ', 'Calle 5'],
  ];
  for (const [name, field, raw, stored] of cases) {
    it(`stores ${name}`, () => expect(chatbotFieldAnswer(field, raw)).toBe(stored));
  }
});

describe('validateChatbotMenu, each limit', () => {
  const option = (id: string, action: unknown = { type: 'handover' }, extra: object = {}) => ({
    id,
    label: 'Opción',
    action,
    ...extra,
  });
  const check = (menu: unknown) => validateChatbotMenu(menu as ChatbotMenu);
  const one = (o: unknown, extra: object = {}) => check({ greeting: 'Hola', options: [o], ...extra });
  const M = CHATBOT_MESSAGES;

  it('takes 1024 characters of greeting, invalid text and handover text, trimmed', () => {
    const full = ` ${'a'.repeat(1024)} `;
    expect(one(option('a'), { greeting: full, invalidText: full, handoverText: full })).toEqual([]);
    expect(one(option('a'), { invalidText: null, handoverText: undefined })).toEqual([]);
    expect(one(option('a'), { invalidText: 'b'.repeat(1025), handoverText: 'c'.repeat(1025) })).toEqual([
      { path: 'invalidText', message: 'El texto no debe exceder los 1024 caracteres.' },
      { path: 'handoverText', message: 'El texto no debe exceder los 1024 caracteres.' },
    ]);
    expect(one(option('a'), { greeting: 7, invalidText: 5, handoverText: ['x'] })).toEqual([
      { path: 'greeting', message: 'Escribe el saludo del chatbot.' },
      { path: 'invalidText', message: 'El menú del chatbot no es válido.' },
      { path: 'handoverText', message: 'El menú del chatbot no es válido.' },
    ]);
  });

  it('takes 10 options per level and refuses what is not a list of options', () => {
    const ten = Array.from({ length: 10 }, (_, i) => option(`o${i}`));
    expect(check({ greeting: 'Hola', options: ten })).toEqual([]);
    expect(check({ greeting: 'Hola', options: 'a' })).toEqual([
      { path: 'options', message: 'Agrega al menos una opción.' },
    ]);
    expect(check({ greeting: 'Hola' })).toEqual([{ path: 'options', message: M.optionsRequired }]);
    expect(one(option('s', { type: 'submenu', text: 'Sub' }))).toEqual([
      { path: 'options.0.action.options', message: 'El submenú necesita al menos una opción.' },
    ]);
    expect(check({ greeting: 'Hola', options: [null, 'x', [], option('a')] })).toEqual([
      { path: 'options.0', message: 'La opción no es válida.' },
      { path: 'options.1', message: 'La opción no es válida.' },
      { path: 'options.2', message: 'La opción no es válida.' },
    ]);
    expect(check([])).toEqual([{ path: '', message: M.menuInvalid }]);
    expect(check(null)).toEqual([{ path: '', message: M.menuInvalid }]);
  });

  it('takes ids of up to 200 characters, unique once trimmed', () => {
    expect(one(option('i'.repeat(200)))).toEqual([]);
    expect(one(option('i'.repeat(201)))).toEqual([
      { path: 'options.0.id', message: 'El identificador no debe exceder los 200 caracteres.' },
    ]);
    expect(one(option(' '))).toEqual([
      { path: 'options.0.id', message: 'La opción necesita un identificador.' },
    ]);
    expect(one({ ...option('x'), id: 5 })).toEqual([{ path: 'options.0.id', message: M.idRequired }]);
    expect(check({ greeting: 'Hola', options: [option('a'), option(' a ')] })).toEqual([
      { path: 'options.1.id', message: 'Ya existe otra opción con este identificador.' },
    ]);
    expect(one(option(CHATBOT_BACK_ID))).toEqual([
      { path: 'options.0.id', message: 'Este identificador está reservado para «Volver».' },
    ]);
  });

  it('takes labels of up to 24 characters and descriptions of up to 72, trimmed', () => {
    expect(
      one(
        option(
          'a',
          { type: 'handover' },
          { label: ` ${'l'.repeat(24)} `, description: ` ${'d'.repeat(72)} ` },
        ),
      ),
    ).toEqual([]);
    expect(one(option('a', { type: 'handover' }, { label: 'l'.repeat(25) }))).toEqual([
      { path: 'options.0.label', message: 'El texto de la opción no debe exceder los 24 caracteres.' },
    ]);
    expect(one(option('a', { type: 'handover' }, { label: ' ' }))).toEqual([
      { path: 'options.0.label', message: 'Escribe el texto de la opción.' },
    ]);
    expect(one(option('a', { type: 'handover' }, { description: 'd'.repeat(73) }))).toEqual([
      { path: 'options.0.description', message: 'La descripción no debe exceder los 72 caracteres.' },
    ]);
    expect(one(option('a', { type: 'handover' }, { description: 3 }))).toEqual([
      { path: 'options.0.description', message: 'La opción no es válida.' },
    ]);
    expect(one(option('a', { type: 'handover' }, { description: null }))).toEqual([]);
  });

  it('requires an action', () => {
    for (const action of [undefined, null, 'reply', []]) {
      expect(one({ id: 'a', label: 'A', action }), String(action)).toEqual([
        { path: 'options.0.action', message: 'Elige qué hace la opción.' },
      ]);
    }
    expect(one(option('a', { text: 'x' }))).toEqual([
      { path: 'options.0.action.type', message: M.actionInvalid },
    ]);
  });

  it('takes an answer with a file and no text, a web address of a known file type', () => {
    const reply = (media: unknown, text: unknown = '') =>
      option('r', { type: 'reply', text, media, after: 'menu' });
    for (const fileType of ['image', 'video', 'audio', 'document']) {
      expect(one(reply({ url: ' HTTP://cdn.mx/a ', fileType })), fileType).toEqual([]);
    }
    expect(one(reply({ url: 'http://cdn.mx/a', fileType: 'image' }, undefined))).toEqual([]);
    const invalid = { path: 'options.0.action.media', message: 'El archivo adjunto no es válido.' };
    for (const media of [
      { url: 'https://cdn.mx/a', fileType: 'sticker' },
      { url: 'https://cdn.mx/a b', fileType: 'image' },
      { url: 'https://', fileType: 'image' },
      { url: 'xhttps://cdn.mx', fileType: 'image' },
      { url: 5, fileType: 'image' },
      { fileType: 'image' },
      'https://cdn.mx/a',
    ]) {
      expect(one(reply(media, 'Mira')), JSON.stringify(media)).toEqual([invalid]);
    }
    expect(one(reply(null))).toEqual([
      { path: 'options.0.action.text', message: 'Escribe la respuesta o adjunta un archivo.' },
    ]);
  });

  it('checks the text of every action: its type, its length and whether it is required', () => {
    const tooLong = 't'.repeat(1025);
    const textError = (i: number) => ({
      path: `options.${i}.action.text`,
      message: 'El texto no debe exceder los 1024 caracteres.',
    });
    const actions = [
      { type: 'reply', text: tooLong, after: 'menu' },
      { type: 'question', text: tooLong, fieldKey: 'k', after: 'menu' },
      { type: 'tag', tagId: 1, text: tooLong, after: 'menu' },
      { type: 'submenu', text: tooLong, options: [option('in')] },
      { type: 'assignAgent', userId: 1, text: tooLong },
      { type: 'assignSpace', spaceId: 1, text: tooLong },
      { type: 'handover', text: tooLong },
    ];
    expect(check({ greeting: 'Hola', options: actions.map((a, i) => option(`o${i}`, a)) })).toEqual(
      actions.map((_, i) => textError(i)),
    );
    const fine = actions.map((a, i) => option(`o${i}`, { ...a, text: ` ${'t'.repeat(1024)} ` }));
    expect(check({ greeting: 'Hola', options: fine })).toEqual([]);
    expect(one(option('a', { type: 'handover', text: 4 }))).toEqual([
      { path: 'options.0.action.text', message: 'El menú del chatbot no es válido.' },
    ]);
    expect(one(option('a', { type: 'question', text: 4, fieldKey: 'k', after: 'end' }))).toEqual([
      { path: 'options.0.action.text', message: M.menuInvalid },
    ]);
    expect(one(option('a', { type: 'question', fieldKey: 'k', after: 'end' }))).toEqual([
      { path: 'options.0.action.text', message: 'Escribe la pregunta.' },
    ]);
    expect(one(option('a', { type: 'submenu', text: ' ', options: [option('b')] }))).toEqual([
      { path: 'options.0.action.text', message: 'Escribe el texto del submenú.' },
    ]);
    expect(one(option('a', { type: 'tag', tagId: 3, after: 'end' }))).toEqual([]);
    expect(one(option('a', { type: 'handover', text: null }))).toEqual([]);
    expect(one(option('a', { type: 'assignAgent', userId: 3 }))).toEqual([]);
  });

  it('takes only menu, end or handover after an answer, a question or a tag', () => {
    for (const after of ['menu', 'end', 'handover']) {
      expect(one(option('a', { type: 'reply', text: 'x', after })), after).toEqual([]);
    }
    const refused = {
      path: 'options.0.action.after',
      message: 'Elige qué pasa después: mostrar el menú, terminar o pasar con un asesor.',
    };
    expect(one(option('a', { type: 'reply', text: 'x', after: 'Menu' }))).toEqual([refused]);
    expect(one(option('a', { type: 'question', text: 'x', fieldKey: 'k' }))).toEqual([refused]);
    expect(one(option('a', { type: 'tag', tagId: 1, after: 'later' }))).toEqual([refused]);
  });

  it('takes only positive whole ids for the tag, the agent and the space', () => {
    for (const id of [-1, 0, 1.5, '3', 2 ** 53, null]) {
      expect(
        check({
          greeting: 'Hola',
          options: [
            option('t', { type: 'tag', tagId: id, after: 'end' }),
            option('u', { type: 'assignAgent', userId: id }),
            option('s', { type: 'assignSpace', spaceId: id }),
          ],
        }),
        String(id),
      ).toEqual([
        { path: 'options.0.action.tagId', message: 'Elige la etiqueta.' },
        { path: 'options.1.action.userId', message: 'Elige el agente.' },
        { path: 'options.2.action.spaceId', message: 'Elige el espacio.' },
      ]);
    }
    expect(one(option('t', { type: 'tag', tagId: 2 ** 53 - 1, after: 'end' }))).toEqual([]);
  });

  it('requires a question the field its answer goes to', () => {
    expect(one(option('q', { type: 'question', text: '¿Correo?', fieldKey: 7, after: 'end' }))).toEqual([
      {
        path: 'options.0.action.fieldKey',
        message: 'Elige el campo de la ficha donde se guarda la respuesta.',
      },
    ]);
  });

  it('refuses a sixth level with its text', () => {
    let options: unknown[] = [option('hoja')];
    for (let depth = 5; depth >= 1; depth -= 1)
      options = [option(`n${depth}`, { type: 'submenu', text: `N${depth}`, options })];
    const errors = check({ greeting: 'Hola', options });
    expect(errors.map((e) => e.message)).toEqual(['El menú admite como máximo 5 niveles.']);
  });
});

describe('cleanChatbotMenu, every action', () => {
  it('keeps each action with only its own fields, texts trimmed and empty ones dropped', () => {
    const sent = {
      greeting: ' Hola ',
      invalidText: ' No entendí ',
      handoverText: ' Te paso ',
      options: [
        {
          id: 'r',
          label: 'R',
          description: ' Abre ',
          action: {
            type: 'reply',
            text: ' ',
            media: { url: ' https://cdn.mx/a.pdf ', fileType: 'document', name: ' a.pdf ', size: 9 },
            after: 'end',
          },
        },
        {
          id: 'r2',
          label: 'R2',
          action: {
            type: 'reply',
            text: ' Hola ',
            media: { url: 'https://c.mx/b', fileType: 'image', name: ' ' },
            after: 'menu',
          },
        },
        { id: 'r3', label: 'R3', action: { type: 'reply', text: 'Sin archivo', media: null, after: 'menu' } },
        {
          id: 'q',
          label: 'Q',
          action: { type: 'question', text: ' ¿Correo? ', fieldKey: ' 1Correo ', after: 'handover' },
        },
        { id: 't', label: 'T', action: { type: 'tag', tagId: 4, text: ' Anotado ', after: 'menu', x: 1 } },
        { id: 't2', label: 'T2', action: { type: 'tag', tagId: 5, text: ' ', after: 'end' } },
        {
          id: 's',
          label: 'S',
          action: {
            type: 'submenu',
            text: ' Elige ',
            after: 'menu',
            options: [
              { id: ' a ', label: ' Agente ', action: { type: 'assignAgent', userId: 42, text: ' Ya ' } },
            ],
          },
        },
        { id: 'e', label: 'E', action: { type: 'assignSpace', spaceId: 3, text: '' } },
        { id: 'h', label: 'H', action: { type: 'handover' } },
      ],
    } as unknown as ChatbotMenu;
    expect(cleanChatbotMenu(sent)).toEqual({
      greeting: 'Hola',
      invalidText: 'No entendí',
      handoverText: 'Te paso',
      options: [
        {
          id: 'r',
          label: 'R',
          description: 'Abre',
          action: {
            type: 'reply',
            text: '',
            media: { url: 'https://cdn.mx/a.pdf', fileType: 'document', name: 'a.pdf' },
            after: 'end',
          },
        },
        {
          id: 'r2',
          label: 'R2',
          action: {
            type: 'reply',
            text: 'Hola',
            media: { url: 'https://c.mx/b', fileType: 'image' },
            after: 'menu',
          },
        },
        { id: 'r3', label: 'R3', action: { type: 'reply', text: 'Sin archivo', after: 'menu' } },
        {
          id: 'q',
          label: 'Q',
          action: { type: 'question', text: '¿Correo?', fieldKey: '1Correo', after: 'handover' },
        },
        { id: 't', label: 'T', action: { type: 'tag', tagId: 4, text: 'Anotado', after: 'menu' } },
        { id: 't2', label: 'T2', action: { type: 'tag', tagId: 5, after: 'end' } },
        {
          id: 's',
          label: 'S',
          action: {
            type: 'submenu',
            text: 'Elige',
            options: [{ id: 'a', label: 'Agente', action: { type: 'assignAgent', userId: 42, text: 'Ya' } }],
          },
        },
        { id: 'e', label: 'E', action: { type: 'assignSpace', spaceId: 3 } },
        { id: 'h', label: 'H', action: { type: 'handover' } },
      ],
    });
    const cleaned = cleanChatbotMenu(sent);
    expect(Object.keys(cleaned.options[2].action)).toEqual(['type', 'text', 'after']);
    expect(Object.keys(cleaned.options[8].action)).toEqual(['type']);
    expect(Object.keys(cleaned)).toEqual(['greeting', 'options', 'invalidText', 'handoverText']);
  });
});

describe('cleanChatbotMenu, blank texts', () => {
  it('stores a blank question or sub-menu text as empty', () => {
    const sent = {
      greeting: 'Hola',
      options: [
        { id: 'q', label: 'Q', action: { type: 'question', text: ' ', fieldKey: 'k', after: 'end' } },
        {
          id: 's',
          label: 'S',
          action: {
            type: 'submenu',
            text: ' ',
            options: [{ id: 'h', label: 'H', action: { type: 'handover' } }],
          },
        },
      ],
    } as ChatbotMenu;
    expect(cleanChatbotMenu(sent).options.map((o) => o.action)).toEqual([
      { type: 'question', text: '', fieldKey: 'k', after: 'end' },
      { type: 'submenu', text: '', options: [{ id: 'h', label: 'H', action: { type: 'handover' } }] },
    ]);
  });
});

describe('chatbotChoices', () => {
  const options = (n: number): ChatbotOption[] =>
    Array.from({ length: n }, (_, i) => ({
      id: `o${i}`,
      label: `Opción ${i}`,
      action: { type: 'handover' },
    }));
  it('adds «Volver» to a sub-menu while a list has room, never to the first level', () => {
    expect(chatbotChoices(options(9), true).at(-1)).toEqual({ id: CHATBOT_BACK_ID, title: 'Volver' });
    expect(chatbotChoices(options(9), true)).toHaveLength(10);
    expect(chatbotChoices(options(10), true)).toHaveLength(10);
    expect(chatbotChoices(options(2), false)).toEqual([
      { id: 'o0', title: 'Opción 0' },
      { id: 'o1', title: 'Opción 1' },
    ]);
  });
  it('carries the descriptions a list row shows, and none when empty', () => {
    const [a, b] = options(2);
    expect(
      chatbotChoices(
        [
          { ...a, description: 'Lunes a viernes' },
          { ...b, description: '' },
        ],
        false,
      ),
    ).toEqual([
      { id: 'o0', title: 'Opción 0', description: 'Lunes a viernes' },
      { id: 'o1', title: 'Opción 1' },
    ]);
  });
});

describe('advanceChatbot, the less common turns', () => {
  const deep: ChatbotMenu = {
    greeting: 'Hola',
    invalidText: '   ',
    handoverText: ' ',
    options: [
      {
        id: 'ventas',
        label: 'Ventas',
        action: {
          type: 'submenu',
          text: 'Ventas:',
          options: [
            {
              id: 'mayoreo',
              label: 'Mayoreo',
              action: {
                type: 'submenu',
                text: 'Mayoreo:',
                options: [
                  {
                    id: 'precios',
                    label: 'Precios',
                    action: {
                      type: 'reply',
                      text: '',
                      media: { url: 'https://c.mx/p.pdf', fileType: 'document' },
                      after: 'menu',
                    },
                  },
                  {
                    id: 'horario',
                    label: 'Horario',
                    action: { type: 'reply', text: 'De 9 a 6', after: 'handover' },
                  },
                  { id: 'etiqueta', label: 'Etiqueta', action: { type: 'tag', tagId: 9, after: 'end' } },
                  {
                    id: 'asesor',
                    label: 'Asesor',
                    action: { type: 'handover', text: ' Ya te atiende Ana. ' },
                  },
                ],
              },
            },
            {
              id: 'pregunta',
              label: 'Pregunta',
              action: { type: 'question', text: '¿Tu RFC?', fieldKey: 'rfc', after: 'menu' },
            },
          ],
        },
      },
    ],
  };
  const back = { id: CHATBOT_BACK_ID, title: 'Volver' };
  const inner = [
    { id: 'precios', title: 'Precios' },
    { id: 'horario', title: 'Horario' },
    { id: 'etiqueta', title: 'Etiqueta' },
    { id: 'asesor', title: 'Asesor' },
    back,
  ];
  const sales = [{ id: 'mayoreo', title: 'Mayoreo' }, { id: 'pregunta', title: 'Pregunta' }, back];
  const step = (m: ChatbotMenu, s: ChatbotState | null, input: ChatbotInput) =>
    advanceChatbot(m, s, input, FIELDS);

  it('ends at once when the menu has no options', () => {
    expect(step({ greeting: 'Hola', options: [] }, null, { text: 'Hola' })).toEqual({
      state: null,
      steps: [{ kind: 'finish', reason: 'end' }],
    });
  });

  it('goes back one level from a sub-menu inside a sub-menu, with that level’s text', () => {
    expect(step(deep, at(['ventas', 'mayoreo']), { text: '0' })).toEqual({
      state: at(['ventas']),
      steps: [menu('Ventas:', sales)],
    });
    expect(step(deep, at(['ventas']), { text: '1' })).toEqual({
      state: at(['ventas', 'mayoreo']),
      steps: [menu('Mayoreo:', inner)],
    });
  });

  it('takes a tapped row whose text is 0 as that row, not as going back', () => {
    expect(step(deep, at(['ventas', 'mayoreo']), { text: '0', replyId: 'horario' })).toEqual({
      state: null,
      steps: [say('De 9 a 6'), say(CHATBOT_MESSAGES.handover), { kind: 'finish', reason: 'handover' }],
    });
  });

  it('sends only the file of an answer without text, then the sub-menu again with its own text', () => {
    expect(step(deep, at(['ventas', 'mayoreo']), { text: 'precios' })).toEqual({
      state: at(['ventas', 'mayoreo']),
      steps: [
        {
          kind: 'send',
          message: { type: 'media', media: { url: 'https://c.mx/p.pdf', fileType: 'document' } },
        },
        menu('Mayoreo:', inner),
      ],
    });
  });

  it('tags without a text and ends quietly', () => {
    expect(step(deep, at(['ventas', 'mayoreo']), { text: '3' })).toEqual({
      state: null,
      steps: [
        { kind: 'tag', tagId: 9 },
        { kind: 'finish', reason: 'end' },
      ],
    });
  });

  it("hands over with the option's own text over the menu's", () => {
    expect(step(deep, at(['ventas', 'mayoreo']), { text: '4' })).toEqual({
      state: null,
      steps: [say('Ya te atiende Ana.'), { kind: 'finish', reason: 'handover' }],
    });
  });

  it('uses its own texts when the menu’s are blank', () => {
    expect(step(deep, at(['ventas']), { text: 'nada' })).toEqual({
      state: at(['ventas'], 1),
      steps: [menu('No entendí tu respuesta. Elige una de las opciones:', sales)],
    });
    expect(step(deep, at(['ventas'], 2), { text: 'nada' })).toEqual({
      state: null,
      steps: [say('En un momento un asesor te atenderá.'), { kind: 'finish', reason: 'retries' }],
    });
  });

  it('stores an answer and shows the sub-menu of the question again', () => {
    const waiting = { path: ['ventas'], awaiting: { optionId: 'pregunta', fieldKey: 'rfc' }, retries: 0 };
    expect(step(deep, waiting, { text: ' XAXX010101000 ' })).toEqual({
      state: at(['ventas']),
      steps: [{ kind: 'setField', fieldKey: 'rfc', value: 'XAXX010101000' }, menu('Ventas:', sales)],
    });
  });

  it('still takes the answer of a question deleted from the menu meanwhile, then shows the menu', () => {
    const waiting = { path: [], awaiting: { optionId: 'borrada', fieldKey: '1Correo' }, retries: 0 };
    expect(turn(waiting, 'ana@correo.mx')).toEqual({
      state: at([]),
      steps: [
        { kind: 'setField', fieldKey: '1Correo', value: 'ana@correo.mx' },
        menu(CHATBOT_MESSAGES.menuAgain),
      ],
    });
    expect(turn(waiting, 'x')).toEqual({
      state: { ...waiting, retries: 1 },
      steps: [say('Correo inválido')],
    });
  });

  it('asks again after a second refused answer and hands over after the third', () => {
    const waiting = (retries: number) => ({
      path: [],
      awaiting: { optionId: 'correo', fieldKey: '1Correo' },
      retries,
    });
    expect(turn(waiting(1), 'x').state).toEqual(waiting(2));
    expect(turn(waiting(2), 'x').state).toBeNull();
  });

  it('goes back up when 0 is typed with spaces around it', () => {
    expect(step(deep, at(['ventas']), { text: ' 0 ' })).toEqual({
      state: at([]),
      steps: [menu('Hola', [{ id: 'ventas', title: 'Ventas' }])],
    });
  });

  it('does not take «Volver» on the first level', () => {
    expect(turn(at([]), { text: 'Volver', replyId: CHATBOT_BACK_ID })).toEqual({
      state: at([], 1),
      steps: [menu('No te entendí, elige una opción:')],
    });
  });
});

describe('chatbotFieldAnswer, every form', () => {
  const boolean = { type: 'boolean', options: [] };
  const date = { type: 'date', options: [] };
  it('reads yes and no words, with their punctuation, and keeps anything else', () => {
    for (const raw of ['SÍ!', '¡Claro!', 'ok.', ' yes ', 's', '1', 'true', 'si'])
      expect(chatbotFieldAnswer(boolean, raw), raw).toBe('true');
    for (const raw of ['NO!', 'n', '0', 'false']) expect(chatbotFieldAnswer(boolean, raw), raw).toBe('false');
    expect(chatbotFieldAnswer(boolean, ' Quizá ')).toBe('Quizá');
    expect(chatbotFieldAnswer(boolean, 'sí?')).toBe('sí?');
  });
  it('writes a day typed with slashes, dots or dashes as a date, and keeps anything else', () => {
    expect(chatbotFieldAnswer(date, '05-03-1990')).toBe('1990-03-05');
    expect(chatbotFieldAnswer(date, ' 25.12.2026 ')).toBe('2026-12-25');
    for (const raw of [
      '5/3/90',
      '123/3/1990',
      '5/123/1990',
      '5/3/19900',
      'x5/3/1990',
      '5 3 1990',
      '5/3/1990x',
    ]) {
      expect(chatbotFieldAnswer(date, raw), raw).toBe(raw);
    }
  });
  it('keeps an answer that is none of the list, as typed', () => {
    expect(chatbotFieldAnswer({ type: 'list', options: ['Norte', 'Sur'] }, ' Este ')).toBe('Este');
    expect(chatbotFieldAnswer({ type: 'list', options: ['Norte', 'Sur'] }, 'NORTE')).toBe('Norte');
  });
});
