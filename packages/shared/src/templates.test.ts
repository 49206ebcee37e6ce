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
  templateBodyExamples,
  templateBodyText,
  templateCategoryFromProvider,
  templateHeaderFormat,
  templateInUseMessage,
  templateLimitReached,
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

  it('fills the values and leaves a missing one visible', () => {
    expect(fillTemplateVariables('Hola {{1}}, tu pedido {{2}} salió', ['Ana', ''])).toBe(
      'Hola Ana, tu pedido {{2}} salió',
    );
  });

  it('accepts 1..n with an example each', () => {
    expect(validateTemplateVariables('Hola {{1}}, tu pedido {{2}} salió.', ['Ana', '98765'])).toBeNull();
    expect(validateTemplateVariables('Sin variables.', [])).toBeNull();
    expect(validateTemplateVariables('Hola {{1}}, otra vez {{1}}.', ['Ana'])).toBeNull();
  });

  it('refuses malformed placeholders', () => {
    expect(validateTemplateVariables('Hola {{nombre}}.', [])).toBe(
      'Escribe las variables como {{1}}, {{2}}, {{3}}…',
    );
    expect(validateTemplateVariables('Hola {{ 1 }}.', ['Ana'])).toBe(
      'Escribe las variables como {{1}}, {{2}}, {{3}}…',
    );
    expect(validateTemplateVariables('Hola {{0}}.', ['Ana'])).toBe(
      'Escribe las variables como {{1}}, {{2}}, {{3}}…',
    );
  });

  it('refuses gaps and a numbering that does not start at 1', () => {
    const message = 'Las variables deben numerarse en orden, desde {{1}} y sin saltos.';
    expect(validateTemplateVariables('Hola {{1}}, pedido {{3}}.', ['a', 'b', 'c'])).toBe(message);
    expect(validateTemplateVariables('Hola {{2}}.', ['a', 'b'])).toBe(message);
  });

  it('accepts variables written out of order when none is missing', () => {
    expect(validateTemplateVariables('Pedido {{2}} de {{1}}.', ['Ana', '98765'])).toBeNull();
  });

  it('refuses a variable at the start or the end (WhatsApp Cloud API rule)', () => {
    const message = 'El mensaje no puede empezar ni terminar con una variable.';
    expect(validateTemplateVariables('{{1}}, tu pedido salió.', ['Ana'])).toBe(message);
    expect(validateTemplateVariables('Tu código es {{1}}', ['4829'])).toBe(message);
    expect(validateTemplateVariables('  Tu código es {{1}}  ', ['4829'])).toBe(message);
    expect(validateTemplateVariables('Tu código es {{1}}.', ['4829'])).toBeNull();
  });

  it('asks for the example of the first variable without one', () => {
    expect(validateTemplateVariables('Hola {{1}}, pedido {{2}}.', ['Ana'])).toBe(
      'Escribe un valor de ejemplo para la variable {{2}}.',
    );
    expect(validateTemplateVariables('Hola {{1}}, pedido {{2}}.', ['  ', '98765'])).toBe(
      'Escribe un valor de ejemplo para la variable {{1}}.',
    );
  });
});

describe('header media', () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size });

  it('takes images and mp4 in the image header and pdf in the document header', () => {
    expect(validateTemplateMedia(file('a.png', 'image/png'), 'imagen')).toBeNull();
    expect(validateTemplateMedia(file('a.jpg', 'image/jpeg'), 'imagen')).toBeNull();
    expect(validateTemplateMedia(file('a.mp4', 'video/mp4', 50_000_000), 'imagen')).toBeNull();
    expect(validateTemplateMedia(file('a.pdf', 'application/pdf'), 'doc')).toBeNull();
  });

  it('refuses other types, a mismatch and empty files with the spec texts', () => {
    expect(validateTemplateMedia(file('a.pdf', 'application/pdf'), 'imagen')).toBe(
      'Tipo de archivo no permitido',
    );
    expect(validateTemplateMedia(file('a.png', 'image/png'), 'doc')).toBe('Tipo de archivo no permitido');
    expect(validateTemplateMedia(file('a.3gp', 'video/3gpp'), 'imagen')).toBe('Tipo de archivo no permitido');
    expect(validateTemplateMedia(file('a.png', 'image/png', 0), 'imagen')).toBe('Archivo vacío o corrupto');
    expect(validateTemplateMedia(file('a.mp4', 'video/mp4', 104857601), 'imagen')).toBe(
      'Archivo demasiado grande (máximo 100 MB)',
    );
  });

  it('gives the HEADER format WhatsApp needs', () => {
    expect(templateHeaderFormat('text')).toBe('TEXT');
    expect(templateHeaderFormat('imagen', 'image/png')).toBe('IMAGE');
    expect(templateHeaderFormat('imagen', 'video/mp4')).toBe('VIDEO');
    expect(templateHeaderFormat('doc', 'application/pdf')).toBe('DOCUMENT');
    expect(templateHeaderFormat('doc', 'image/png')).toBeNull();
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

  it('reads the body text and its examples back from stored components', () => {
    const components = [
      { type: 'HEADER', format: 'TEXT', text: 'Aviso' },
      { type: 'BODY', text: 'Hola {{1}}.', example: { body_text: [['Ana']] } },
    ];
    expect(templateBodyText(components)).toBe('Hola {{1}}.');
    expect(templateBodyExamples(components)).toEqual(['Ana']);
    expect(templateBodyText('not a list')).toBe('');
    expect(templateBodyExamples([{ type: 'BODY', text: 'x' }])).toEqual([]);
  });
});

describe('validateTemplateDraft', () => {
  const valid = {
    name: 'confirmacion_pedido',
    text: 'Hola {{1}}, tu pedido está listo.',
    type: 'NORMAL_TEMPLATE',
    category: 'utility',
    examples: ['Ana'],
  };

  it('accepts a complete draft', () => {
    expect(validateTemplateDraft(valid)).toEqual({});
  });

  it('names every field that is wrong with its Spanish text', () => {
    expect(
      validateTemplateDraft({ name: 'Confirmación Pedido', text: '', type: null, category: '' }),
    ).toEqual({
      name: 'No puede contener mayúsculas, espacios ni caracteres especiales',
      text: 'Campo obligatorio',
      type: 'Selecciona un tipo de plantilla.',
      category: 'Selecciona una categoría.',
    });
    expect(validateTemplateDraft({ ...valid, text: 'x'.repeat(1025) }).text).toBe(
      'El mensaje no debe exceder los 1024 caracteres',
    );
    expect(validateTemplateDraft({ ...valid, examples: [] }).variables).toBe(
      'Escribe un valor de ejemplo para la variable {{1}}.',
    );
  });

  it('checks the header of each type', () => {
    expect(validateTemplateDraft({ ...valid, headerType: 'text', headerText: 'Tu pedido' })).toEqual({});
    expect(validateTemplateDraft({ ...valid, headerType: 'text', headerText: ' ' }).header).toBe(
      'Escribe el texto del encabezado.',
    );
    expect(validateTemplateDraft({ ...valid, headerType: 'text', headerText: 'x'.repeat(61) }).header).toBe(
      'El encabezado no debe exceder los 60 caracteres',
    );
    expect(validateTemplateDraft({ ...valid, headerType: 'text', headerText: 'Hola {{1}}' }).header).toBe(
      'El encabezado no puede contener variables.',
    );
    expect(validateTemplateDraft({ ...valid, headerType: 'imagen' }).header).toBe(
      'Sube el archivo del encabezado.',
    );
    expect(
      validateTemplateDraft({
        ...valid,
        headerType: 'doc',
        headerMedia: { name: 'menu.pdf', type: 'application/pdf', size: 2000 },
      }),
    ).toEqual({});
    expect(validateTemplateDraft({ ...valid, headerType: 'video' }).header).toBe(
      'Elige un tipo de encabezado: imagen, texto o documento.',
    );
  });
});

describe('per-company limit (02 §9)', () => {
  it('allows five templates', () => {
    expect(templateLimitReached(4)).toBe(false);
    expect(templateLimitReached(5)).toBe(true);
    expect(templateLimitReached(2, 2)).toBe(true);
  });
});

describe('provider statuses', () => {
  it('maps every status WhatsApp reports to ours', () => {
    expect(templateStatusFromProvider('PENDING')).toBe('submitted');
    expect(templateStatusFromProvider('IN_APPEAL')).toBe('submitted');
    expect(templateStatusFromProvider('APPROVED')).toBe('accepted');
    expect(templateStatusFromProvider('FLAGGED')).toBe('accepted');
    expect(templateStatusFromProvider('REINSTATED')).toBe('accepted');
    for (const raw of [
      'REJECTED',
      'PAUSED',
      'DISABLED',
      'LIMIT_EXCEEDED',
      'ARCHIVED',
      'PENDING_DELETION',
      'DELETED',
    ]) {
      expect(templateStatusFromProvider(raw)).toBe('denied');
    }
  });

  it("reads 360dialog's lower-case spelling and ignores statuses it does not know", () => {
    expect(normalizeProviderTemplateStatus(' approved ')).toBe('APPROVED');
    expect(normalizeProviderTemplateStatus('submitted')).toBe('PENDING');
    expect(normalizeProviderTemplateStatus('pending deletion')).toBe('PENDING_DELETION');
    expect(templateStatusFromProvider('UNARCHIVED')).toBeNull();
    expect(templateStatusFromProvider(null)).toBeNull();
  });

  it('labels our status, refined by the provider when it says more', () => {
    expect(templateStatusLabel('submitted')).toBe('En revisión');
    expect(templateStatusLabel('accepted')).toBe('Aprobada');
    expect(templateStatusLabel('denied')).toBe('Rechazada');
    expect(templateStatusLabel('denied', 'PAUSED')).toBe('Pausada');
    expect(templateStatusLabel('accepted', 'FLAGGED')).toBe('Aprobada, con calidad baja');
    // A raw status that disagrees with the stored one (an older row) does not override it.
    expect(templateStatusLabel('accepted', 'REJECTED')).toBe('Aprobada');
  });

  it('translates the rejection reason', () => {
    expect(templateRejectionReasonLabel('INCORRECT_CATEGORY')).toBe('Categoría incorrecta');
    expect(templateRejectionReasonLabel('NONE')).toBeNull();
    expect(templateRejectionReasonLabel(null)).toBeNull();
    expect(templateRejectionReasonLabel('SOMETHING_NEW')).toBe('SOMETHING_NEW');
  });
});

describe('nextTemplateStatus', () => {
  const submitted = { status: 'submitted' as const, rawStatus: null };
  const approved = { status: 'accepted' as const, rawStatus: 'APPROVED' };

  it('moves a submitted template on the review outcome', () => {
    expect(nextTemplateStatus(submitted, 'APPROVED')).toEqual({ status: 'accepted', rawStatus: 'APPROVED' });
    expect(nextTemplateStatus(submitted, 'REJECTED')).toEqual({ status: 'denied', rawStatus: 'REJECTED' });
    expect(nextTemplateStatus(submitted, 'PENDING')).toEqual({ status: 'submitted', rawStatus: 'PENDING' });
  });

  it('ignores a late PENDING after APPROVED or REJECTED', () => {
    expect(nextTemplateStatus(approved, 'PENDING')).toBeNull();
    expect(nextTemplateStatus({ status: 'denied', rawStatus: 'REJECTED' }, 'PENDING')).toBeNull();
    // Rows stored before the raw status was kept are judged by their status.
    expect(nextTemplateStatus({ status: 'accepted', rawStatus: null }, 'PENDING')).toBeNull();
  });

  it('ignores the same status delivered twice', () => {
    expect(nextTemplateStatus(approved, 'APPROVED')).toBeNull();
    expect(nextTemplateStatus(approved, 'approved')).toBeNull();
  });

  it('applies the later changes a real account makes', () => {
    expect(nextTemplateStatus(approved, 'PAUSED')).toEqual({ status: 'denied', rawStatus: 'PAUSED' });
    expect(nextTemplateStatus(approved, 'DISABLED')).toEqual({ status: 'denied', rawStatus: 'DISABLED' });
    expect(nextTemplateStatus(approved, 'REJECTED')).toEqual({ status: 'denied', rawStatus: 'REJECTED' });
    expect(nextTemplateStatus(approved, 'FLAGGED')).toEqual({ status: 'accepted', rawStatus: 'FLAGGED' });
    // WhatsApp sends APPROVED when a pause ends.
    expect(nextTemplateStatus({ status: 'denied', rawStatus: 'PAUSED' }, 'APPROVED')).toEqual({
      status: 'accepted',
      rawStatus: 'APPROVED',
    });
    const rejected = { status: 'denied' as const, rawStatus: 'REJECTED' };
    expect(nextTemplateStatus(rejected, 'IN_APPEAL')).toEqual({
      status: 'submitted',
      rawStatus: 'IN_APPEAL',
    });
    expect(nextTemplateStatus({ status: 'submitted', rawStatus: 'IN_APPEAL' }, 'APPROVED')).toEqual({
      status: 'accepted',
      rawStatus: 'APPROVED',
    });
  });

  it('records a first provider status on a row that had none', () => {
    expect(nextTemplateStatus({ status: 'accepted', rawStatus: null }, 'APPROVED')).toEqual({
      status: 'accepted',
      rawStatus: 'APPROVED',
    });
  });

  it('never brings a deleted template back', () => {
    expect(nextTemplateStatus({ status: 'denied', rawStatus: 'DELETED' }, 'APPROVED')).toBeNull();
    const deleting = { status: 'denied' as const, rawStatus: 'PENDING_DELETION' };
    expect(nextTemplateStatus(deleting, 'APPROVED')).toBeNull();
    expect(nextTemplateStatus(deleting, 'DELETED')).toEqual({ status: 'denied', rawStatus: 'DELETED' });
  });

  it('ignores an IN_APPEAL that arrives after the approval', () => {
    expect(nextTemplateStatus(approved, 'IN_APPEAL')).toBeNull();
  });

  it('ignores unknown statuses and deliveries older than the current one', () => {
    expect(nextTemplateStatus(approved, 'SOMETHING_NEW')).toBeNull();
    expect(nextTemplateStatus(approved, 'PAUSED', { currentAt: 2000, incomingAt: 1000 })).toBeNull();
    expect(nextTemplateStatus(approved, 'PAUSED', { currentAt: 1000, incomingAt: 2000 })).toEqual({
      status: 'denied',
      rawStatus: 'PAUSED',
    });
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

  it('filters by status and category, "all" meaning no filter', () => {
    expect(filterTemplates(list, { status: 'accepted' }).map((t) => t.name)).toEqual(['promo_verano']);
    expect(filterTemplates(list, { category: 'utility', status: 'all' }).map((t) => t.name)).toEqual([
      'confirmacion_cita',
      'pago_recibido',
    ]);
    expect(filterTemplates(list, {})).toHaveLength(3);
  });

  it('searches name and body ignoring case, accents, spaces and underscores', () => {
    expect(filterTemplates(list, { search: 'Confirmación Cita' }).map((t) => t.name)).toEqual([
      'confirmacion_cita',
    ]);
    expect(filterTemplates(list, { search: 'MENU' }).map((t) => t.name)).toEqual(['promo_verano']);
    expect(filterTemplates(list, { search: 'pagorecibido' }).map((t) => t.name)).toEqual(['pago_recibido']);
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

  it('answers the exact combination key, or null when nothing uses the template', () => {
    expect(templateUsageKey(usage(0, 0, 0))).toBeNull();
    expect(templateUsageKey(usage(1, 1, 1))).toBe('all');
    expect(templateUsageKey(usage(2, 0, 0))).toBe('followUp');
    expect(templateUsageKey(usage(0, 3, 0))).toBe('botFollowUp');
    expect(templateUsageKey(usage(0, 0, 1))).toBe('welcomeMessages');
    expect(templateUsageKey(usage(1, 1, 0))).toBe('followUpAndBot');
    expect(templateUsageKey(usage(0, 1, 1))).toBe('botFollowUpAndWelcome');
    expect(templateUsageKey(usage(1, 0, 1))).toBe('followUpAndwelcome');
    expect(TEMPLATE_USAGE_KEYS).toHaveLength(7);
  });

  it('treats negative or invalid counts as unused', () => {
    expect(templateUsageKey(usage(-1, Number.NaN, 0))).toBeNull();
  });

  it('names what uses the template', () => {
    expect(templateInUseMessage(usage(0, 0, 0))).toBeNull();
    expect(templateInUseMessage(usage(1, 0, 0))).toBe(
      'No se puede eliminar la plantilla porque la usa un mensaje programado.',
    );
    expect(templateInUseMessage(usage(2, 0, 0), { followUpContacts: ['Ana Pérez', 'Luis'] })).toBe(
      'No se puede eliminar la plantilla porque la usan 2 mensajes programados para "Ana Pérez" y "Luis".',
    );
    expect(templateInUseMessage(usage(0, 1, 0), { bots: ['Seguimiento ventas'] })).toBe(
      'No se puede eliminar la plantilla porque la usa el bot de seguimiento "Seguimiento ventas".',
    );
    expect(
      templateInUseMessage(usage(1, 2, 1), {
        followUpContacts: ['Ana'],
        bots: ['Ventas', 'Cobranza'],
        welcomeChannels: ['WhatsApp Centro'],
      }),
    ).toBe(
      'No se puede eliminar la plantilla porque la usan el mensaje programado para "Ana", los bots de seguimiento ' +
        '"Ventas" y "Cobranza" y el mensaje de bienvenida del canal "WhatsApp Centro".',
    );
    expect(templateInUseMessage(usage(0, 2, 3))).toBe(
      'No se puede eliminar la plantilla porque la usan 2 bots de seguimiento y 3 mensajes de bienvenida.',
    );
  });

  it('joins lists the Spanish way', () => {
    expect(spanishList([])).toBe('');
    expect(spanishList(['a'])).toBe('a');
    expect(spanishList(['a', 'b', 'c'])).toBe('a, b y c');
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

  it("takes only the provider's MARKETING as marketing", () => {
    expect(templateCategoryFromProvider('MARKETING')).toBe('marketing');
    expect(templateCategoryFromProvider(' marketing ')).toBe('marketing');
    expect(templateCategoryFromProvider('UTILITY')).toBe('utility');
    expect(templateCategoryFromProvider('AUTHENTICATION')).toBe('utility');
    expect(templateCategoryFromProvider(null)).toBe('utility');
    expect(templateCategoryFromProvider(undefined)).toBe('utility');
  });
});

describe('variables at their limits', () => {
  it('leaves a variable visible when its value is missing, null or blank', () => {
    expect(fillTemplateVariables('Hola {{1}}, pedido {{2}} para el {{3}}.', [null, '  '])).toBe(
      'Hola {{1}}, pedido {{2}} para el {{3}}.',
    );
    expect(fillTemplateVariables('Hola {{1}}, pedido {{2}}.', [' Ana ', '98765'])).toBe(
      'Hola  Ana , pedido 98765.',
    );
  });

  it('counts the highest number, not how many there are', () => {
    expect(templateVariableCount('Pedido {{3}} de {{1}}')).toBe(3);
    expect(templateVariableCount(undefined)).toBe(0);
  });

  it('asks for examples when none are given, and for a null one', () => {
    expect(validateTemplateVariables('Hola {{1}}, bienvenido.')).toBe(
      'Escribe un valor de ejemplo para la variable {{1}}.',
    );
    expect(validateTemplateVariables('Hola {{1}}, pedido {{2}}.', [null, '98765'])).toBe(
      'Escribe un valor de ejemplo para la variable {{1}}.',
    );
    expect(validateTemplateVariables(null)).toBeNull();
    expect(validateTemplateVariables('Hola {{}}.')).toBe('Escribe las variables como {{1}}, {{2}}, {{3}}…');
  });

  it('refuses a two-digit variable at the start or the end', () => {
    const middle = Array.from({ length: 9 }, (_, i) => `{{${i + 1}}}`).join(' y ');
    const examples = Array.from({ length: 10 }, (_, i) => `valor ${i + 1}`);
    const edge = 'El mensaje no puede empezar ni terminar con una variable.';
    expect(validateTemplateVariables(`{{10}} y ${middle}.`, examples)).toBe(edge);
    expect(validateTemplateVariables(`Datos: ${middle} y {{10}}`, examples)).toBe(edge);
    expect(validateTemplateVariables(`Datos: ${middle} y {{10}}.`, examples)).toBeNull();
  });
});

describe('components at their limits', () => {
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
    expect(templateHeaderFormat('imagen')).toBeNull();
    expect(templateHeaderFormat('imagen', 'IMAGE/PNG')).toBe('IMAGE');
  });

  it('reads stored components whatever else the list holds', () => {
    const stored = [null, 'BODY', 7, { type: 5, text: 'no' }, { type: 'body', text: 'Hola {{1}}.' }];
    expect(templateBodyText(stored)).toBe('Hola {{1}}.');
    expect(templateBodyText([{ type: 'BODY', text: 42 }])).toBe('');
    expect(templateBodyExamples([])).toEqual([]);
    expect(templateBodyExamples([{ type: 'BODY', example: null }])).toEqual([]);
    expect(templateBodyExamples([{ type: 'BODY', example: { body_text: 'Ana' } }])).toEqual([]);
    expect(templateBodyExamples([{ type: 'BODY', example: { body_text: ['Ana'] } }])).toEqual([]);
    expect(
      templateBodyExamples([{ type: 'BODY', example: { body_text: [['Ana', 5, null, 'Luis']] } }]),
    ).toEqual(['Ana', 'Luis']);
  });
});

describe('validateTemplateDraft at its limits', () => {
  const valid = {
    name: 'confirmacion_pedido',
    text: 'Hola {{1}}, tu pedido está listo.',
    type: 'CUSTOM_TEMPLATE',
    category: 'marketing',
    examples: ['Ana'],
  };

  it('checks the variables only of a message that is itself valid', () => {
    expect(
      validateTemplateDraft({ ...valid, text: `Hola {{1}}, ${'x'.repeat(1020)}.`, examples: [] }),
    ).toEqual({
      text: 'El mensaje no debe exceder los 1024 caracteres',
    });
  });

  it('asks for the examples when the draft has none', () => {
    expect(validateTemplateDraft({ ...valid, examples: undefined })).toEqual({
      variables: 'Escribe un valor de ejemplo para la variable {{1}}.',
    });
  });

  it('takes no header, and asks for the text of a text header', () => {
    expect(validateTemplateDraft({ ...valid, headerType: null })).toEqual({});
    expect(validateTemplateDraft({ ...valid, headerType: '' })).toEqual({});
    expect(validateTemplateDraft({ ...valid, headerType: 'text' })).toEqual({
      header: 'Escribe el texto del encabezado.',
    });
  });

  it('takes a header text of 60 characters, not 61, and no variable of any form', () => {
    expect(validateTemplateDraft({ ...valid, headerType: 'text', headerText: 'x'.repeat(60) })).toEqual({});
    expect(
      validateTemplateDraft({ ...valid, headerType: 'text', headerText: ` ${'x'.repeat(60)} ` }),
    ).toEqual({});
    expect(validateTemplateDraft({ ...valid, headerType: 'text', headerText: 'Hola {{nombre}}' })).toEqual({
      header: 'El encabezado no puede contener variables.',
    });
  });
});

describe('provider statuses at their limits', () => {
  it('reads a status spelled with several separators', () => {
    expect(normalizeProviderTemplateStatus('pending  deletion')).toBe('PENDING_DELETION');
    expect(normalizeProviderTemplateStatus('limit - exceeded')).toBe('LIMIT_EXCEEDED');
  });

  it('translates a reason written in lower case or with spaces around it', () => {
    expect(templateRejectionReasonLabel(' scam ')).toBe('Posible fraude');
    expect(templateRejectionReasonLabel(' none ')).toBeNull();
    expect(templateRejectionReasonLabel('  ')).toBeNull();
    expect(templateRejectionReasonLabel(' Something new ')).toBe('Something new');
  });

  it('judges a row without provider status by its own status', () => {
    // An approved row does not go back to appeal; a rejected one does, and neither goes back to review.
    expect(nextTemplateStatus({ status: 'accepted', rawStatus: null }, 'IN_APPEAL')).toBeNull();
    expect(nextTemplateStatus({ status: 'denied', rawStatus: null }, 'PENDING')).toBeNull();
    expect(nextTemplateStatus({ status: 'denied', rawStatus: null }, 'IN_APPEAL')).toEqual({
      status: 'submitted',
      rawStatus: 'IN_APPEAL',
    });
    expect(nextTemplateStatus({ status: 'submitted', rawStatus: null }, 'PENDING')).toEqual({
      status: 'submitted',
      rawStatus: 'PENDING',
    });
  });

  it('never moves a paused, flagged or reinstated template back to appeal', () => {
    for (const rawStatus of ['PAUSED', 'FLAGGED', 'REINSTATED']) {
      expect(nextTemplateStatus({ status: 'accepted', rawStatus }, 'IN_APPEAL')).toBeNull();
    }
  });

  it('compares the times only when both are known, and applies a delivery of the same moment', () => {
    const approved = { status: 'accepted' as const, rawStatus: 'APPROVED' };
    const paused = { status: 'denied', rawStatus: 'PAUSED' };
    expect(nextTemplateStatus(approved, 'PAUSED', { currentAt: 1000, incomingAt: 1000 })).toEqual(paused);
    expect(nextTemplateStatus(approved, 'PAUSED', { currentAt: 1000, incomingAt: null })).toEqual(paused);
    expect(nextTemplateStatus(approved, 'PAUSED', { currentAt: null, incomingAt: -1 })).toEqual(paused);
    expect(nextTemplateStatus(approved, 'PAUSED', { currentAt: 1000 })).toEqual(paused);
  });
});

describe('templates list at its limits', () => {
  const list = [
    { name: 'promo', status: 'accepted', category: 'marketing' },
    { name: 'aviso', status: 'denied', category: 'utility' },
  ];

  it('treats the category "all" as no filter', () => {
    expect(filterTemplates(list, { category: 'all' }).map((t) => t.name)).toEqual(['promo', 'aviso']);
    expect(filterTemplates(list, { category: 'marketing', status: null }).map((t) => t.name)).toEqual([
      'promo',
    ]);
  });
});

describe('delete guard at its limits', () => {
  const usage = (followUps: number, botFollowUps: number, welcomeMessages: number) => ({
    followUps,
    botFollowUps,
    welcomeMessages,
  });

  it('names each one once, trimmed, and skips blank names', () => {
    expect(
      templateInUseMessage(usage(3, 0, 0), { followUpContacts: [' Ana ', 'Ana', '  ', 'Luis', 'Luis '] }),
    ).toBe('No se puede eliminar la plantilla porque la usan 3 mensajes programados para "Ana" y "Luis".');
  });

  it('says one bot or one welcome message in the singular', () => {
    expect(templateInUseMessage(usage(0, 1, 0))).toBe(
      'No se puede eliminar la plantilla porque la usa un bot de seguimiento.',
    );
    expect(templateInUseMessage(usage(0, 0, 1))).toBe(
      'No se puede eliminar la plantilla porque la usa un mensaje de bienvenida.',
    );
  });

  it('counts the named channels, not the welcome messages', () => {
    expect(templateInUseMessage(usage(0, 0, 3), { welcomeChannels: ['WhatsApp Centro'] })).toBe(
      'No se puede eliminar la plantilla porque la usa el mensaje de bienvenida del canal "WhatsApp Centro".',
    );
    expect(templateInUseMessage(usage(0, 0, 2), { welcomeChannels: ['Centro', 'Norte'] })).toBe(
      'No se puede eliminar la plantilla porque la usan los mensajes de bienvenida de los canales "Centro" y "Norte".',
    );
  });

  it('joins two items with "y"', () => {
    expect(spanishList(['a', 'b'])).toBe('a y b');
  });
});
