import { describe, expect, it } from 'vitest';
import type { BotStep, ChatbotMenu, ChatbotOption, ChatbotState } from '../automation';
import {
  advanceChatbot,
  CHATBOT_BACK_ID,
  CHATBOT_MESSAGES,
  type ChatbotInput,
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
