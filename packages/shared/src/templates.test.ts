import { describe, expect, it } from 'vitest';
import {
  buildTemplateComponents,
  fillTemplateVariables,
  filterTemplates,
  isCompanyTemplateLanguage,
  isTemplateCategory,
  isTemplateHeaderType,
  isTemplateLanguage,
  isTemplateStatus,
  isTemplateType,
  nextTemplateStatus,
  normalizeProviderTemplateStatus,
  offeredForCampaign,
  providerTemplateCategory,
  spanishList,
  TEMPLATE_USAGE_KEYS,
  type TemplateDraftInput,
  type TemplateStatus,
  type TemplateStatusTimes,
  templateBodyExamples,
  templateBodyText,
  templateCategoryFromProvider,
  templateHeaderFormat,
  templateInUseMessage,
  templateLimitReached,
  templateLimitReachedIn,
  templateRejectionReasonLabel,
  templateStatusFromProvider,
  templateStatusLabel,
  templateUsageKey,
  templateVariableCount,
  templateVariableNumbers,
  validateTemplateDraft,
  validateTemplateMedia,
  validateTemplateVariables,
} from './templates';

describe('type and category', () => {
  it('knows the two types and the two categories of 02 §3', () => {
    expect(isTemplateType('NORMAL_TEMPLATE')).toBe(true);
    expect(isTemplateType('CUSTOM_TEMPLATE')).toBe(true);
    expect(isTemplateType('normal_template')).toBe(false);
    expect(isTemplateCategory('utility')).toBe(true);
    expect(isTemplateCategory('marketing')).toBe(true);
    expect(isTemplateCategory('authentication')).toBe(false);
    expect(isTemplateCategory(null)).toBe(false);
  });

  it('spells the category as WhatsApp does', () => {
    expect(providerTemplateCategory('utility')).toBe('UTILITY');
    expect(providerTemplateCategory('marketing')).toBe('MARKETING');
  });
});

describe('variables', () => {
  it('lists each variable once, in order of appearance', () => {
    expect(templateVariableNumbers('Hola {{2}}, {{1}} y otra vez {{2}}')).toEqual([2, 1]);
    expect(templateVariableCount('Hola {{2}}, {{1}} y otra vez {{2}}')).toBe(2);
    expect(templateVariableNumbers('Sin variables')).toEqual([]);
    expect(templateVariableNumbers(null)).toEqual([]);
  });

  it('counts the highest number, not how many there are', () => {
    expect(templateVariableCount('Pedido {{3}} de {{1}}')).toBe(3);
    expect(templateVariableCount(undefined)).toBe(0);
  });

  it('fills the values and leaves a missing, null or blank one visible', () => {
    expect(fillTemplateVariables('Hola {{1}}, tu pedido {{2}} salió', ['Ana', ''])).toBe(
      'Hola Ana, tu pedido {{2}} salió',
    );
    expect(fillTemplateVariables('Hola {{1}}, pedido {{2}} para el {{3}}.', [null, '  '])).toBe(
      'Hola {{1}}, pedido {{2}} para el {{3}}.',
    );
    // A value is used as written, spaces included.
    expect(fillTemplateVariables('Hola {{1}}, pedido {{2}}.', [' Ana ', '98765'])).toBe(
      'Hola  Ana , pedido 98765.',
    );
  });
});

describe('validateTemplateVariables', () => {
  const FORMAT = 'Escribe las variables como {{1}}, {{2}}, {{3}}…';
  const GAPS = 'Las variables deben numerarse en orden, desde {{1}} y sin saltos.';
  const EDGE = 'El mensaje no puede empezar ni terminar con una variable.';
  const EXAMPLE_1 = 'Escribe un valor de ejemplo para la variable {{1}}.';
  const EXAMPLE_2 = 'Escribe un valor de ejemplo para la variable {{2}}.';
  // {{1}} … {{9}}, and an example for each of ten variables: what a two-digit variable needs around it.
  const nine = Array.from({ length: 9 }, (_, i) => `{{${i + 1}}}`).join(' y ');
  const tenExamples = Array.from({ length: 10 }, (_, i) => `valor ${i + 1}`);

  // [text, examples (undefined: none given), the answer]
  it.each<[string | null, (string | null)[] | undefined, string | null]>([
    // 1..n with an example each, in any order, each number once or more.
    ['Hola {{1}}, tu pedido {{2}} salió.', ['Ana', '98765'], null],
    ['Sin variables.', [], null],
    ['Hola {{1}}, otra vez {{1}}.', ['Ana'], null],
    ['Pedido {{2}} de {{1}}.', ['Ana', '98765'], null],
    [null, undefined, null],
    // Malformed placeholders.
    ['Hola {{nombre}}.', [], FORMAT],
    ['Hola {{ 1 }}.', ['Ana'], FORMAT],
    ['Hola {{0}}.', ['Ana'], FORMAT],
    ['Hola {{}}.', undefined, FORMAT],
    // Gaps, and a numbering that does not start at 1.
    ['Hola {{1}}, pedido {{3}}.', ['a', 'b', 'c'], GAPS],
    ['Hola {{2}}.', ['a', 'b'], GAPS],
    // WhatsApp Cloud API rule: no variable at the very start or end of the text, spaces aside, two digits too.
    ['{{1}}, tu pedido salió.', ['Ana'], EDGE],
    ['Tu código es {{1}}', ['4829'], EDGE],
    ['  Tu código es {{1}}  ', ['4829'], EDGE],
    ['Tu código es {{1}}.', ['4829'], null],
    [`{{10}} y ${nine}.`, tenExamples, EDGE],
    [`Datos: ${nine} y {{10}}`, tenExamples, EDGE],
    [`Datos: ${nine} y {{10}}.`, tenExamples, null],
    // The example of the first variable without one: missing, blank, null, or no examples at all.
    ['Hola {{1}}, pedido {{2}}.', ['Ana'], EXAMPLE_2],
    ['Hola {{1}}, pedido {{2}}.', ['  ', '98765'], EXAMPLE_1],
    ['Hola {{1}}, pedido {{2}}.', [null, '98765'], EXAMPLE_1],
    ['Hola {{1}}, bienvenido.', undefined, EXAMPLE_1],
  ])('answers %j with the examples %j: %s', (text, examples, answer) => {
    expect(validateTemplateVariables(text, examples)).toBe(answer);
  });
});

describe('header media', () => {
  const TYPE = 'Tipo de archivo no permitido';

  // [file name, its type, its size, the header it goes in, the answer]
  it.each<[string, string, number, 'imagen' | 'doc', string | null]>([
    ['a.png', 'image/png', 1000, 'imagen', null],
    ['a.jpg', 'image/jpeg', 1000, 'imagen', null],
    ['a.mp4', 'video/mp4', 50_000_000, 'imagen', null],
    ['a.pdf', 'application/pdf', 1000, 'doc', null],
    ['a.pdf', 'application/pdf', 1000, 'imagen', TYPE],
    ['a.png', 'image/png', 1000, 'doc', TYPE],
    ['a.3gp', 'video/3gpp', 1000, 'imagen', TYPE],
    ['a.png', 'image/png', 0, 'imagen', 'Archivo vacío o corrupto'],
    ['a.mp4', 'video/mp4', 104857601, 'imagen', 'Archivo demasiado grande (máximo 100 MB)'],
  ])('%s (%s, %i bytes) in the %s header → %s', (name, type, size, header, answer) => {
    expect(validateTemplateMedia({ name, type, size }, header)).toBe(answer);
  });

  it.each<['imagen' | 'text' | 'doc', string | undefined, string | null]>([
    ['text', undefined, 'TEXT'],
    ['imagen', 'image/png', 'IMAGE'],
    ['imagen', 'IMAGE/PNG', 'IMAGE'],
    ['imagen', 'video/mp4', 'VIDEO'],
    ['doc', 'application/pdf', 'DOCUMENT'],
    ['doc', 'image/png', null],
    ['imagen', undefined, null],
  ])('gives the %s header with file type %s the format %s', (header, mimeType, format) => {
    expect(templateHeaderFormat(header, mimeType)).toBe(format);
  });
});

describe('components', () => {
  it('builds HEADER, BODY with one example per variable, and FOOTER', () => {
    expect(
      buildTemplateComponents({
        text: 'Hola {{1}}, tu pedido {{2}} salió.',
        examples: ['Ana', ' 98765 ', 'sobra'],
        header: { type: 'imagen', handle: '4::aW1hZ2U=', mimeType: 'image/jpeg' },
        footer: 'Mueblería Díaz',
      }),
    ).toEqual([
      { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::aW1hZ2U='] } },
      {
        type: 'BODY',
        text: 'Hola {{1}}, tu pedido {{2}} salió.',
        example: { body_text: [['Ana', '98765']] },
      },
      { type: 'FOOTER', text: 'Mueblería Díaz' },
    ]);
  });

  it('sends a body without variables without example, and a text header as text', () => {
    expect(
      buildTemplateComponents({ text: 'Gracias por tu compra.', header: { type: 'text', text: 'Aviso' } }),
    ).toEqual([
      { type: 'HEADER', format: 'TEXT', text: 'Aviso' },
      { type: 'BODY', text: 'Gracias por tu compra.' },
    ]);
  });

  it('sends only the body when there is no header and no footer', () => {
    expect(buildTemplateComponents({ text: 'Gracias por tu compra.' })).toEqual([
      { type: 'BODY', text: 'Gracias por tu compra.' },
    ]);
    expect(buildTemplateComponents({ text: 'Gracias.', header: null, footer: '   ' })).toEqual([
      { type: 'BODY', text: 'Gracias.' },
    ]);
  });

  it('trims the footer, and sends an empty example for a variable without one', () => {
    expect(
      buildTemplateComponents({ text: 'Hola {{1}}, pedido {{2}}.', footer: '  Mueblería Díaz ' }),
    ).toEqual([
      { type: 'BODY', text: 'Hola {{1}}, pedido {{2}}.', example: { body_text: [['', '']] } },
      { type: 'FOOTER', text: 'Mueblería Díaz' },
    ]);
    expect(buildTemplateComponents({ text: 'Hola {{1}}, pedido {{2}}.', examples: ['Ana'] })).toEqual([
      { type: 'BODY', text: 'Hola {{1}}, pedido {{2}}.', example: { body_text: [['Ana', '']] } },
    ]);
  });

  it('gives a document header its format, and a media type the header does not take the image format', () => {
    expect(
      buildTemplateComponents({
        text: 'Tu menú.',
        header: { type: 'doc', handle: 'h1', mimeType: 'application/pdf' },
      })[0],
    ).toEqual({ type: 'HEADER', format: 'DOCUMENT', example: { header_handle: ['h1'] } });
    expect(
      buildTemplateComponents({
        text: 'Tu menú.',
        header: { type: 'imagen', handle: 'h2', mimeType: 'application/pdf' },
      })[0],
    ).toEqual({ type: 'HEADER', format: 'IMAGE', example: { header_handle: ['h2'] } });
  });

  const stored = [
    { type: 'HEADER', format: 'TEXT', text: 'Aviso' },
    { type: 'BODY', text: 'Hola {{1}}.', example: { body_text: [['Ana']] } },
  ];

  // The lists come from jsonb or JSON: anything else in them is skipped, a type is read in any case.
  it.each<[unknown, string]>([
    [stored, 'Hola {{1}}.'],
    ['not a list', ''],
    [[null, 'BODY', 7, { type: 5, text: 'no' }, { type: 'body', text: 'Hola {{1}}.' }], 'Hola {{1}}.'],
    [[{ type: 'BODY', text: 42 }], ''],
  ])('reads the body text of %j as "%s"', (components, text) => {
    expect(templateBodyText(components)).toBe(text);
  });

  it.each<[unknown, string[]]>([
    [stored, ['Ana']],
    [[{ type: 'BODY', text: 'x' }], []],
    [[], []],
    [[{ type: 'BODY', example: null }], []],
    [[{ type: 'BODY', example: { body_text: 'Ana' } }], []],
    [[{ type: 'BODY', example: { body_text: ['Ana'] } }], []],
    [[{ type: 'BODY', example: { body_text: [['Ana', 5, null, 'Luis']] } }], ['Ana', 'Luis']],
  ])('reads the body examples of %j as %j', (components, examples) => {
    expect(templateBodyExamples(components)).toEqual(examples);
  });
});

describe('validateTemplateDraft', () => {
  it('names every field that is wrong with its Spanish text', () => {
    expect(
      validateTemplateDraft({ name: 'Confirmación Pedido', text: '', type: null, category: '' }),
    ).toEqual({
      name: 'No puede contener mayúsculas, espacios ni caracteres especiales',
      text: 'Campo obligatorio',
      type: 'Selecciona un tipo de plantilla.',
      category: 'Selecciona una categoría.',
    });
  });

  const normal = {
    name: 'confirmacion_pedido',
    text: 'Hola {{1}}, tu pedido está listo.',
    type: 'NORMAL_TEMPLATE',
    category: 'utility',
    examples: ['Ana'],
  };
  const custom = { ...normal, type: 'CUSTOM_TEMPLATE', category: 'marketing' };
  const TOO_LONG = 'El mensaje no debe exceder los 1024 caracteres';
  const EXAMPLE_1 = 'Escribe un valor de ejemplo para la variable {{1}}.';
  const HEADER = {
    text: 'Escribe el texto del encabezado.',
    tooLong: 'El encabezado no debe exceder los 60 caracteres',
    variables: 'El encabezado no puede contener variables.',
    file: 'Sube el archivo del encabezado.',
    type: 'Elige un tipo de encabezado: imagen, texto o documento.',
  };
  const headerText = (text: string) => ({ headerType: 'text', headerText: text });
  // Too long with a variable and no example: only the length is reported.
  const tooLongWithVariable = `Hola {{1}}, ${'x'.repeat(1020)}.`;
  const pdf = { name: 'menu.pdf', type: 'application/pdf', size: 2000 };

  // Both kinds of valid draft, each with one field changed: [behaviour, the change, every error it gets].
  describe.each([
    ['a normal utility draft', normal],
    ['a custom marketing draft', custom],
  ])('%s', (_, valid) => {
    it.each<[string, TemplateDraftInput, Record<string, string>]>([
      ['accepts it complete', {}, {}],
      ['refuses a message over 1024 characters', { text: 'x'.repeat(1025) }, { text: TOO_LONG }],
      [
        'checks the variables only of a valid message',
        { text: tooLongWithVariable, examples: [] },
        { text: TOO_LONG },
      ],
      ['asks for the example of a variable', { examples: [] }, { variables: EXAMPLE_1 }],
      ['asks for the examples when it has none', { examples: undefined }, { variables: EXAMPLE_1 }],
      ['takes a null header', { headerType: null }, {}],
      ['takes an empty header type as no header', { headerType: '' }, {}],
      ['takes a text header', headerText('Tu pedido'), {}],
      ['asks for the text of a text header', { headerType: 'text' }, { header: HEADER.text }],
      ['asks for the text of a blank text header', headerText(' '), { header: HEADER.text }],
      ['takes a header text of 60 characters', headerText('x'.repeat(60)), {}],
      ['trims the header text before counting', headerText(` ${'x'.repeat(60)} `), {}],
      ['refuses a header text of 61 characters', headerText('x'.repeat(61)), { header: HEADER.tooLong }],
      ['refuses a numbered variable in the header', headerText('Hola {{1}}'), { header: HEADER.variables }],
      ['refuses a named variable in the header', headerText('Hola {{nombre}}'), { header: HEADER.variables }],
      ['asks for the file of a media header', { headerType: 'imagen' }, { header: HEADER.file }],
      ['takes a pdf in a document header', { headerType: 'doc', headerMedia: pdf }, {}],
      ['refuses another header type', { headerType: 'video' }, { header: HEADER.type }],
    ])('%s', (_, change, errors) => {
      expect(validateTemplateDraft({ ...valid, ...change })).toEqual(errors);
    });
  });
});

describe('per-company limit (02 §9)', () => {
  it('allows five templates', () => {
    expect(templateLimitReached(4)).toBe(false);
    expect(templateLimitReached(5)).toBe(true);
    expect(templateLimitReached(2, 2)).toBe(true);
  });

  it('counts only the templates created here, as the API does', () => {
    const created = { origin: 'created' as const };
    const imported = { origin: 'imported' as const };
    expect(templateLimitReachedIn([created, created, created, created, imported, imported])).toBe(false);
    expect(templateLimitReachedIn([created, created, created, created, created])).toBe(true);
    expect(templateLimitReachedIn([])).toBe(false);
  });
});

describe('provider statuses', () => {
  it.each<[string | null, TemplateStatus | null]>([
    ['PENDING', 'submitted'],
    ['IN_APPEAL', 'submitted'],
    ['APPROVED', 'accepted'],
    ['FLAGGED', 'accepted'],
    ['REINSTATED', 'accepted'],
    ['REJECTED', 'denied'],
    ['PAUSED', 'denied'],
    ['DISABLED', 'denied'],
    ['LIMIT_EXCEEDED', 'denied'],
    ['ARCHIVED', 'denied'],
    ['PENDING_DELETION', 'denied'],
    ['DELETED', 'denied'],
    // Statuses it does not know change nothing.
    ['UNARCHIVED', null],
    [null, null],
  ])('maps WhatsApp status %s to %s', (raw, status) => {
    expect(templateStatusFromProvider(raw)).toBe(status);
  });

  // 360dialog spells them in lower case, with spaces.
  it.each([
    [' approved ', 'APPROVED'],
    ['submitted', 'PENDING'],
    ['pending deletion', 'PENDING_DELETION'],
    ['pending  deletion', 'PENDING_DELETION'],
    ['limit - exceeded', 'LIMIT_EXCEEDED'],
  ])('reads the provider status "%s" as %s', (raw, status) => {
    expect(normalizeProviderTemplateStatus(raw)).toBe(status);
  });

  it.each<[TemplateStatus, string | undefined, string]>([
    ['submitted', undefined, 'En revisión'],
    ['accepted', undefined, 'Aprobada'],
    ['denied', undefined, 'Rechazada'],
    ['denied', 'PAUSED', 'Pausada'],
    ['accepted', 'FLAGGED', 'Aprobada, con calidad baja'],
    // A raw status that disagrees with the stored one (an older row) does not override it.
    ['accepted', 'REJECTED', 'Aprobada'],
  ])('labels %s (provider: %s) "%s"', (status, raw, label) => {
    expect(templateStatusLabel(status, raw)).toBe(label);
  });

  it.each<[string | null, string | null]>([
    ['INCORRECT_CATEGORY', 'Categoría incorrecta'],
    [' scam ', 'Posible fraude'],
    ['NONE', null],
    [' none ', null],
    ['  ', null],
    [null, null],
    ['SOMETHING_NEW', 'SOMETHING_NEW'],
    [' Something new ', 'Something new'],
  ])('translates the rejection reason "%s" as %s', (reason, label) => {
    expect(templateRejectionReasonLabel(reason)).toBe(label);
  });
});

describe('nextTemplateStatus', () => {
  // 'status/RAW_STATUS' as stored: `accepted` alone is a row stored before the provider's status was kept.
  const statuses: readonly TemplateStatus[] = ['submitted', 'accepted', 'denied'];
  const at = (state: string) => {
    const [head, rawStatus = null] = state.split('/');
    const status = statuses.find((s) => s === head);
    if (!status) throw new Error(`not a status: ${state}`);
    return { status, rawStatus };
  };

  // [the template now, the status the webhook reports, the state it moves to]
  it.each([
    // The review's outcome.
    ['submitted', 'APPROVED', 'accepted/APPROVED'],
    ['submitted', 'REJECTED', 'denied/REJECTED'],
    ['submitted', 'PENDING', 'submitted/PENDING'],
    // The later changes a real account makes; WhatsApp sends APPROVED when a pause ends.
    ['accepted/APPROVED', 'PAUSED', 'denied/PAUSED'],
    ['accepted/APPROVED', 'DISABLED', 'denied/DISABLED'],
    ['accepted/APPROVED', 'REJECTED', 'denied/REJECTED'],
    ['accepted/APPROVED', 'FLAGGED', 'accepted/FLAGGED'],
    ['denied/PAUSED', 'APPROVED', 'accepted/APPROVED'],
    ['denied/REJECTED', 'IN_APPEAL', 'submitted/IN_APPEAL'],
    ['submitted/IN_APPEAL', 'APPROVED', 'accepted/APPROVED'],
    ['denied/PENDING_DELETION', 'DELETED', 'denied/DELETED'],
    // A first provider status on a row that had none is recorded; a rejected one may go to appeal.
    ['accepted', 'APPROVED', 'accepted/APPROVED'],
    ['denied', 'IN_APPEAL', 'submitted/IN_APPEAL'],
  ])('moves %s on %s to %s', (current, incoming, next) => {
    expect(nextTemplateStatus(at(current), incoming)).toEqual(at(next));
  });

  it.each([
    // A late PENDING after a decision, for rows with or without the provider's status.
    ['accepted/APPROVED', 'PENDING'],
    ['denied/REJECTED', 'PENDING'],
    ['accepted', 'PENDING'],
    ['denied', 'PENDING'],
    // The same status delivered twice, in any case.
    ['accepted/APPROVED', 'APPROVED'],
    ['accepted/APPROVED', 'approved'],
    // Nothing brings a deleted template back.
    ['denied/DELETED', 'APPROVED'],
    ['denied/PENDING_DELETION', 'APPROVED'],
    // An IN_APPEAL after the approval, whatever came after it.
    ['accepted/APPROVED', 'IN_APPEAL'],
    ['accepted', 'IN_APPEAL'],
    ['accepted/PAUSED', 'IN_APPEAL'],
    ['accepted/FLAGGED', 'IN_APPEAL'],
    ['accepted/REINSTATED', 'IN_APPEAL'],
    // A status it does not know.
    ['accepted/APPROVED', 'SOMETHING_NEW'],
  ])('ignores on %s the status %s', (current, incoming) => {
    expect(nextTemplateStatus(at(current), incoming)).toBeNull();
  });

  // Times are compared only when both are known; a delivery of the same moment applies.
  it.each<[TemplateStatusTimes, string | null]>([
    [{ currentAt: 2000, incomingAt: 1000 }, null],
    [{ currentAt: 1000, incomingAt: 2000 }, 'denied/PAUSED'],
    [{ currentAt: 1000, incomingAt: 1000 }, 'denied/PAUSED'],
    [{ currentAt: 1000, incomingAt: null }, 'denied/PAUSED'],
    [{ currentAt: null, incomingAt: -1 }, 'denied/PAUSED'],
    [{ currentAt: 1000 }, 'denied/PAUSED'],
  ])('moves an approved template on a PAUSED delivered at %j to %s', (times, next) => {
    expect(nextTemplateStatus(at('accepted/APPROVED'), 'PAUSED', times)).toEqual(next && at(next));
  });

  it('ends in the same state whatever order the webhooks of one review arrive in', () => {
    const apply = (order: string[]) =>
      order.reduce(
        (state, raw) => {
          const change = nextTemplateStatus(state, raw);
          return change ? { status: change.status, rawStatus: change.rawStatus as string | null } : state;
        },
        { status: 'submitted' as 'submitted' | 'accepted' | 'denied', rawStatus: null as string | null },
      );
    expect(apply(['PENDING', 'APPROVED'])).toEqual({ status: 'accepted', rawStatus: 'APPROVED' });
    expect(apply(['APPROVED', 'PENDING'])).toEqual({ status: 'accepted', rawStatus: 'APPROVED' });
  });
});

describe('templates list', () => {
  const list = [
    {
      name: 'promo_verano',
      status: 'accepted',
      category: 'marketing',
      components: [{ type: 'BODY', text: 'Descuento en menú' }],
    },
    { name: 'confirmacion_cita', status: 'submitted', category: 'utility', components: [] },
    { name: 'pago_recibido', status: 'denied', category: 'utility', components: null },
  ];

  // By status and category ("all" meaning no filter); the search looks in the name and the body ignoring case,
  // accents, spaces and underscores.
  it.each<[Parameters<typeof filterTemplates>[1], string[]]>([
    [{ status: 'accepted' }, ['promo_verano']],
    [{ category: 'utility', status: 'all' }, ['confirmacion_cita', 'pago_recibido']],
    [{}, ['promo_verano', 'confirmacion_cita', 'pago_recibido']],
    [{ search: 'Confirmación Cita' }, ['confirmacion_cita']],
    [{ search: 'MENU' }, ['promo_verano']],
    [{ search: 'pagorecibido' }, ['pago_recibido']],
  ])('filters by %j: %j', (filters, names) => {
    expect(filterTemplates(list, filters).map((t) => t.name)).toEqual(names);
  });

  it('treats the category "all" and a null status as no filter', () => {
    const two = [
      { name: 'promo', status: 'accepted', category: 'marketing' },
      { name: 'aviso', status: 'denied', category: 'utility' },
    ];
    expect(filterTemplates(two, { category: 'all' }).map((t) => t.name)).toEqual(['promo', 'aviso']);
    expect(filterTemplates(two, { category: 'marketing', status: null }).map((t) => t.name)).toEqual([
      'promo',
    ]);
  });

  it('offers campaigns only the accepted templates of the channel without body examples (01 §2.7)', () => {
    const plain = { status: 'accepted', channelId: 7, components: [{ type: 'BODY', text: 'Hola' }] };
    expect(offeredForCampaign(plain, 7)).toBe(true);
    expect(offeredForCampaign(plain, 8)).toBe(false);
    expect(offeredForCampaign({ ...plain, status: 'submitted' }, 7)).toBe(false);
    const withExamples = {
      ...plain,
      components: [{ type: 'BODY', text: 'Hola {{1}}.', example: { body_text: [['Ana']] } }],
    };
    expect(offeredForCampaign(withExamples, 7)).toBe(false);
  });
});

describe('delete guard (02 §4)', () => {
  const usage = (followUps: number, botFollowUps: number, welcomeMessages: number) => ({
    followUps,
    botFollowUps,
    welcomeMessages,
  });

  it.each<[number, number, number, string | null]>([
    [0, 0, 0, null],
    [1, 1, 1, 'all'],
    [2, 0, 0, 'followUp'],
    [0, 3, 0, 'botFollowUp'],
    [0, 0, 1, 'welcomeMessages'],
    [1, 1, 0, 'followUpAndBot'],
    [0, 1, 1, 'botFollowUpAndWelcome'],
    [1, 0, 1, 'followUpAndwelcome'],
    // Negative or invalid counts are unused.
    [-1, Number.NaN, 0, null],
  ])('keys %i follow-ups, %i bots, %i welcome messages as %s', (followUps, bots, welcomes, key) => {
    expect(templateUsageKey(usage(followUps, bots, welcomes))).toBe(key);
  });

  it('has the seven combination keys', () => {
    expect(TEMPLATE_USAGE_KEYS).toHaveLength(7);
  });

  const refusal = (why: string) => `No se puede eliminar la plantilla porque ${why}`;

  it('allows deleting a template nothing uses', () => {
    expect(templateInUseMessage(usage(0, 0, 0))).toBeNull();
  });

  it('names the scheduled messages, each contact once, trimmed, without blank names', () => {
    expect(templateInUseMessage(usage(1, 0, 0))).toBe(refusal('la usa un mensaje programado.'));
    expect(templateInUseMessage(usage(2, 0, 0), { followUpContacts: ['Ana Pérez', 'Luis'] })).toBe(
      refusal('la usan 2 mensajes programados para "Ana Pérez" y "Luis".'),
    );
    expect(
      templateInUseMessage(usage(3, 0, 0), { followUpContacts: [' Ana ', 'Ana', '  ', 'Luis', 'Luis '] }),
    ).toBe(refusal('la usan 3 mensajes programados para "Ana" y "Luis".'));
  });

  it('names the bots and counts the welcome messages, one in the singular', () => {
    expect(templateInUseMessage(usage(0, 1, 0), { bots: ['Seguimiento ventas'] })).toBe(
      refusal('la usa el bot de seguimiento "Seguimiento ventas".'),
    );
    expect(templateInUseMessage(usage(0, 1, 0))).toBe(refusal('la usa un bot de seguimiento.'));
    expect(templateInUseMessage(usage(0, 0, 1))).toBe(refusal('la usa un mensaje de bienvenida.'));
    expect(templateInUseMessage(usage(0, 2, 3))).toBe(
      refusal('la usan 2 bots de seguimiento y 3 mensajes de bienvenida.'),
    );
  });

  it('counts the named channels, not the welcome messages', () => {
    expect(templateInUseMessage(usage(0, 0, 3), { welcomeChannels: ['WhatsApp Centro'] })).toBe(
      refusal('la usa el mensaje de bienvenida del canal "WhatsApp Centro".'),
    );
    expect(templateInUseMessage(usage(0, 0, 2), { welcomeChannels: ['Centro', 'Norte'] })).toBe(
      refusal('la usan los mensajes de bienvenida de los canales "Centro" y "Norte".'),
    );
  });

  it('names all three kinds of use in one sentence', () => {
    const names = {
      followUpContacts: ['Ana'],
      bots: ['Ventas', 'Cobranza'],
      welcomeChannels: ['WhatsApp Centro'],
    };
    expect(templateInUseMessage(usage(1, 2, 1), names)).toBe(
      refusal(
        'la usan el mensaje programado para "Ana", los bots de seguimiento "Ventas" y "Cobranza" y el mensaje de ' +
          'bienvenida del canal "WhatsApp Centro".',
      ),
    );
  });

  it.each<[string[], string]>([
    [[], ''],
    [['a'], 'a'],
    [['a', 'b'], 'a y b'],
    [['a', 'b', 'c'], 'a, b y c'],
  ])('joins %j the Spanish way: "%s"', (items, joined) => {
    expect(spanishList(items)).toBe(joined);
  });
});

describe('template values the API accepts', () => {
  it('knows the header types, the statuses and the template languages', () => {
    expect(['imagen', 'text', 'doc', 'video', 'TEXT', null].map(isTemplateHeaderType)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(['submitted', 'accepted', 'denied', 'APPROVED', '', 3].map(isTemplateStatus)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(
      ['es_MX', 'es_AR', 'es', 'pt_BR', 'en', 'fr', 'es_mx', undefined].map(isCompanyTemplateLanguage),
    ).toEqual([true, true, true, true, true, false, false, false]);
  });

  it('reads any WhatsApp language code: two or three letters, then maybe a region of two to four', () => {
    for (const code of ['es', 'fil', 'es_MX', 'zh_HK', 'es_LATM', 'pt_BR']) {
      expect(isTemplateLanguage(code)).toBe(true);
    }
    for (const code of [
      'e',
      'espa',
      'ES',
      'es_M',
      'es_LATAM',
      'es_mx',
      'es-MX',
      '1es_MX',
      'es_MX1',
      '',
      null,
      12,
      ['es'],
    ]) {
      expect(isTemplateLanguage(code)).toBe(false);
    }
  });

  it.each<[string | null | undefined, string]>([
    ['MARKETING', 'marketing'],
    [' marketing ', 'marketing'],
    ['UTILITY', 'utility'],
    ['AUTHENTICATION', 'utility'],
    [null, 'utility'],
    [undefined, 'utility'],
  ])("takes only the provider's MARKETING as marketing: %s is %s", (raw, category) => {
    expect(templateCategoryFromProvider(raw)).toBe(category);
  });
});
