import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, userMessageFor } from '../errors';
import { BROADCAST_STEPS, type BroadcastStep, TAG_COLORS, UNLIMITED_TIER } from '../limits';
import { campaignsRoom, REALTIME_EVENTS } from '../realtime-events';
import {
  BROADCAST_STEP_TITLES,
  broadcastStepNeedsChannel,
  CAMPAIGN_MEDIA_TYPES,
  CAMPAIGN_MESSAGES,
  CAMPAIGN_RATE,
  CAMPAIGN_STATUS_LABELS,
  CAMPAIGN_STATUSES,
  type CampaignDraftInput,
  CONJUNCTION_DIALOG_ORDER,
  CONJUNCTION_LABELS,
  campaignMediaError,
  campaignMediaKind,
  campaignStatusLabel,
  clampCampaignRate,
  conjunctionFor,
  dailyAllowance,
  inAudience,
  isBroadcastStep,
  isCampaignStatus,
  isRecipientState,
  isTagConjunction,
  nextBroadcastStep,
  parseCampaignSendAt,
  previousBroadcastStep,
  RECIPIENT_STATES,
  sendAtNotBeforeToday,
  TAG_CONJUNCTIONS,
  type TagConjunction,
  validateCampaignDraft,
} from './campaigns';
import { combineTagAudiences } from './tags';

describe('campaign statuses (01 §4)', () => {
  it.each([
    ['SCHEDULED', 'Programada'],
    ['IN_PROGRESS', 'En progreso'],
    ['PAUSED', 'Pausada'],
    ['FINISHED', 'Finalizada'],
    ['ERROR', 'Error'],
    ['ARCHIVED', 'ARCHIVED'],
    ['', ''],
  ])('%s → %s', (status, label) => {
    expect(campaignStatusLabel(status)).toBe(label);
  });

  it('labels every status and recognises only them', () => {
    expect(CAMPAIGN_STATUSES).toEqual(['SCHEDULED', 'IN_PROGRESS', 'PAUSED', 'FINISHED', 'ERROR']);
    expect(Object.keys(CAMPAIGN_STATUS_LABELS).sort()).toEqual([...CAMPAIGN_STATUSES].sort());
    expect(CAMPAIGN_STATUSES.every(isCampaignStatus)).toBe(true);
    expect(isCampaignStatus('scheduled')).toBe(false);
    expect(isCampaignStatus(3)).toBe(false);
  });
});

describe('tag conjunctions (01 §2.7)', () => {
  it('recognises the three modes only', () => {
    expect(TAG_CONJUNCTIONS).toEqual(['union', 'intersection', 'difference']);
    for (const c of TAG_CONJUNCTIONS) expect(isTagConjunction(c)).toBe(true);
    for (const v of ['UNION', 'and', '', null, undefined, 1]) expect(isTagConjunction(v)).toBe(false);
  });

  it.each([
    [0, 'intersection', null],
    [1, 'difference', null],
    [1, null, null],
    [2, null, 'union'],
    [2, undefined, 'union'],
    [2, 'intersection', 'intersection'],
    [5, 'difference', 'difference'],
  ] as const)('%i tags, chosen %s → %s', (count, chosen, expected) => {
    expect(conjunctionFor(count, chosen)).toBe(expected);
  });

  // Tags: 1 Clientes VIP, 2 Mayoreo, 3 Promoción Buen Fin.
  const contacts: Record<string, number[]> = {
    'Ana (VIP)': [1],
    'Beto (VIP, Mayoreo)': [1, 2],
    'Carla (las tres)': [1, 2, 3],
    'Daniel (Buen Fin)': [3],
    'Elena (sin etiquetas)': [],
    'Fer (Mayoreo, Buen Fin)': [2, 3],
  };
  const reached = (chosen: number[], conjunction: TagConjunction | null) =>
    Object.entries(contacts)
      .filter(([, tags]) => inAudience(tags, chosen, conjunction))
      .map(([name]) => name.split(' ')[0]);

  it.each([
    [[1], null, ['Ana', 'Beto', 'Carla']],
    [[3], null, ['Carla', 'Daniel', 'Fer']],
    [[1, 2], 'union', ['Ana', 'Beto', 'Carla', 'Fer']],
    [[1, 2], 'intersection', ['Beto', 'Carla']],
    [[1, 2], 'difference', ['Ana', 'Fer']],
    [[1, 2, 3], 'union', ['Ana', 'Beto', 'Carla', 'Daniel', 'Fer']],
    [[1, 2, 3], 'intersection', ['Carla']],
    [[1, 2, 3], 'difference', ['Ana', 'Beto', 'Daniel', 'Fer']],
    [[1, 1, 2], 'intersection', ['Beto', 'Carla']],
    [[2, 3], null, ['Beto', 'Carla', 'Daniel', 'Fer']],
    [[], 'union', []],
    [[99], null, []],
  ] as const)('tags %j with %s reach %j', (chosen, conjunction, names) => {
    expect(reached([...chosen], conjunction)).toEqual(names);
  });

  it('agrees with combineTagAudiences for every mode', () => {
    const rows = Object.values(contacts).map((tagIds, contactId) => ({ contactId, tagIds }));
    for (const chosen of [[1], [2, 3], [1, 2, 3]]) {
      for (const mode of [null, ...TAG_CONJUNCTIONS]) {
        const one = rows.filter((r) => inAudience(r.tagIds, chosen, mode)).map((r) => r.contactId);
        expect(one).toEqual(combineTagAudiences(rows, chosen, mode));
      }
    }
  });

  it('has Spanish labels for the dialog, in the order of the spec', () => {
    expect(CONJUNCTION_DIALOG_ORDER).toEqual(['intersection', 'difference', 'union']);
    expect(CONJUNCTION_LABELS.intersection).toEqual({
      label: 'Intersección',
      description: 'Contactos con todas las etiquetas',
    });
    expect(CONJUNCTION_LABELS.difference.label).toBe('Diferencia');
    expect(CONJUNCTION_LABELS.difference.description).toBe(
      'Contactos con al menos una etiqueta pero no con todas',
    );
    expect(CONJUNCTION_LABELS.union).toEqual({
      label: 'Unión',
      description: 'Todos los contactos con cualquiera de las etiquetas',
    });
  });
});

describe('recipient states', () => {
  it('lists the sender states', () => {
    expect(RECIPIENT_STATES).toEqual(['pending', 'sending', 'sent', 'failed', 'check', 'skipped']);
    expect(isRecipientState('check')).toBe(true);
    expect(isRecipientState('delivered')).toBe(false);
  });
});

describe('broadcast wizard (01 §2.7)', () => {
  const withMedia = { hasHeaderMedia: true };
  const noMedia = { hasHeaderMedia: false };

  const walk = (ctx: { hasHeaderMedia: boolean }) => {
    const path: string[] = ['type'];
    let step: BroadcastStep | 'create' = 'type';
    while (step !== 'create') {
      step = nextBroadcastStep(step, ctx);
      path.push(step);
    }
    return path;
  };

  it('goes forward through selectMultimedia only with header media', () => {
    expect(walk(withMedia)).toEqual([
      'type',
      'tags',
      'selectTemplate',
      'selectMultimedia',
      'selectDate',
      'preview',
      'createTag',
      'name',
      'pricing',
      'create',
    ]);
    expect(walk(noMedia)).toEqual([
      'type',
      'tags',
      'selectTemplate',
      'selectDate',
      'preview',
      'createTag',
      'name',
      'pricing',
      'create',
    ]);
  });

  it.each([
    ['table', true, 'type'],
    ['analytics', false, 'table'],
    ['selectTemplate', true, 'selectMultimedia'],
    ['selectTemplate', false, 'selectDate'],
    ['selectMultimedia', true, 'selectDate'],
    ['pricing', false, 'create'],
  ] as const)('next from %s (media %s) → %s', (step, hasHeaderMedia, expected) => {
    expect(nextBroadcastStep(step, { hasHeaderMedia })).toBe(expected);
  });

  it.each([
    ['table', true, 'table'],
    ['analytics', true, 'table'],
    ['type', false, 'table'],
    ['tags', false, 'type'],
    ['selectTemplate', true, 'tags'],
    ['selectMultimedia', true, 'selectTemplate'],
    ['selectDate', true, 'selectMultimedia'],
    ['selectDate', false, 'selectTemplate'],
    ['preview', true, 'selectDate'],
    ['preview', false, 'selectDate'],
    ['createTag', false, 'preview'],
    ['name', true, 'createTag'],
    ['pricing', false, 'name'],
  ] as const)('back from %s (media %s) → %s', (step, hasHeaderMedia, expected) => {
    expect(previousBroadcastStep(step, { hasHeaderMedia })).toBe(expected);
  });

  it('undoes every forward step with Back', () => {
    for (const ctx of [withMedia, noMedia]) {
      const path = walk(ctx);
      for (let i = 1; i < path.length - 1; i += 1) {
        expect(previousBroadcastStep(path[i] as BroadcastStep, ctx)).toBe(path[i - 1]);
      }
    }
  });

  it('needs a channel on every step but table and analytics', () => {
    const free = BROADCAST_STEPS.filter((s) => !broadcastStepNeedsChannel(s));
    expect(free).toEqual(['table', 'analytics']);
  });

  it('recognises step names from the URL', () => {
    expect(isBroadcastStep('selectTemplate')).toBe(true);
    expect(isBroadcastStep('selecttemplate')).toBe(false);
    expect(isBroadcastStep('create')).toBe(false);
    expect(isBroadcastStep(undefined)).toBe(false);
  });

  it('titles every step in Spanish', () => {
    for (const step of BROADCAST_STEPS) expect(BROADCAST_STEP_TITLES[step]).toMatch(/\S/);
  });
});

describe('texts', () => {
  it('holds the spec texts in Spanish', () => {
    expect(CAMPAIGN_MESSAGES.dailyLimitTitle).toBe('Has sobrepasado el límite de envío diario de mensajes.');
    expect(CAMPAIGN_MESSAGES.dailyLimitBody).toBe(
      'Los mensajes restantes se enviarán en los días siguientes.',
    );
    expect(CAMPAIGN_MESSAGES.deleteConfirm).toBe('¿Seguro que quieres eliminar esta campaña?');
    expect(CAMPAIGN_MESSAGES.creationFailed).toBe('Error al crear la campaña');
    expect(CAMPAIGN_MESSAGES.created).toBe('¡Has creado tu campaña con éxito!');
    expect(CAMPAIGN_MESSAGES.fileName).toBe('El nombre del archivo no debe exceder los 50 caracteres');
    expect(CAMPAIGN_MESSAGES.mediaYes).toBe('Sí, quiero cambiar el archivo');
    expect(CAMPAIGN_MESSAGES.mediaNo).toBe('No, ir al siguiente paso');
    expect(CAMPAIGN_MESSAGES.tagNameEmpty).toBe(userMessageFor('TAG_NAME_EMPTY'));
    expect(CAMPAIGN_MESSAGES.qualityBlock).toBe(userMessageFor('CAMPAIGN_QUALITY_BLOCKED'));
    expect(CAMPAIGN_MESSAGES.qualityWarn).toContain('Media');
  });

  it('adds the quality refusal to the error catalogue', () => {
    expect(ERROR_CATALOGUE.CAMPAIGN_QUALITY_BLOCKED).toEqual({
      status: 400,
      userMessage: 'La calidad de tu número es Baja: WhatsApp no permite enviar campañas hasta que mejore.',
    });
  });

  it('announces campaign changes to the campaigns room', () => {
    expect(REALTIME_EVENTS.campaignUpdated).toBe('campaignUpdated');
    expect(campaignsRoom(7)).toBe('campaigns_7');
  });
});

describe('send moment in the company time zone', () => {
  const MX = 'America/Mexico_City';

  it.each([
    // now, sendAt, zone, allowed
    // 23:30 on 9 March in Mexico City is 05:30 on the 10th in UTC: that evening is still "today".
    ['2026-03-09T16:00:00Z', '2026-03-10T05:30:00Z', MX, true],
    // At 23:30 in Mexico City (already the 10th in UTC) noon of the 9th is still today there.
    ['2026-03-10T05:30:00Z', '2026-03-09T18:00:00Z', MX, true],
    // …but the 8th is not.
    ['2026-03-10T05:30:00Z', '2026-03-09T05:00:00Z', MX, false],
    // The same instants read in UTC: the 9th is yesterday.
    ['2026-03-10T05:30:00Z', '2026-03-09T18:00:00Z', 'UTC', false],
    ['2026-03-09T16:00:00Z', '2026-04-01T15:00:00Z', MX, true],
    ['2026-03-09T16:00:00Z', '2026-03-09T14:00:00Z', MX, true],
    ['2026-03-09T16:00:00Z', '2025-12-31T18:00:00Z', MX, false],
    // Madrid is ahead of UTC: 00:30 on the 10th there is still the 9th in UTC.
    ['2026-03-09T23:30:00Z', '2026-03-09T23:00:00Z', 'Europe/Madrid', true],
    ['2026-03-09T23:30:00Z', '2026-03-09T22:00:00Z', 'Europe/Madrid', false],
  ])('now %s, send %s in %s → %s', (now, sendAt, zone, allowed) => {
    expect(sendAtNotBeforeToday(new Date(sendAt), new Date(now), zone)).toBe(allowed);
  });

  it('refuses an invalid date', () => {
    expect(sendAtNotBeforeToday(new Date('nope'), new Date(), MX)).toBe(false);
  });

  it.each([
    ['2026-03-10T05:30:00Z', '2026-03-10T05:30:00.000Z'],
    ['2026-03-10T05:30:00.123Z', '2026-03-10T05:30:00.123Z'],
    ['2026-03-09T23:30:00-06:00', '2026-03-10T05:30:00.000Z'],
    ['2026-03-09T23:30-06:00', '2026-03-10T05:30:00.000Z'],
  ])('parses %s', (raw, iso) => {
    expect(parseCampaignSendAt(raw)?.toISOString()).toBe(iso);
  });

  it.each(['2026-03-09', '2026-03-09T23:30:00', 'mañana', '2026-13-40T10:00:00Z', '', null, undefined])(
    'refuses %j',
    (raw) => {
      expect(parseCampaignSendAt(raw)).toBeNull();
    },
  );
});

describe('validateCampaignDraft (01 §5)', () => {
  const ctx = { now: new Date('2026-03-10T05:30:00Z'), timeZone: 'America/Mexico_City' };
  const valid: CampaignDraftInput = {
    name: 'Promoción Buen Fin',
    tagsIds: [4, 9],
    conjunction: 'union',
    templateId: 12,
    sendAt: '2026-03-09T23:45:00-06:00',
    shouldCreateTag: false,
    tagToCreate: null,
    fileUrl: null,
  };

  it('accepts a complete draft', () => {
    expect(validateCampaignDraft(valid, ctx)).toEqual({});
    expect(
      validateCampaignDraft(
        { ...valid, shouldCreateTag: true, tagToCreate: { name: ' Buen Fin 2026 ', color: TAG_COLORS[2] } },
        ctx,
      ),
    ).toEqual({});
    expect(validateCampaignDraft({ ...valid, tagsIds: [4], conjunction: null }, ctx)).toEqual({});
  });

  it.each<[string, CampaignDraftInput, Record<string, string>]>([
    ['empty name', { name: '' }, { name: CAMPAIGN_MESSAGES.nameRequired }],
    ['blank name', { name: '   ' }, { name: CAMPAIGN_MESSAGES.nameRequired }],
    ['missing name', { name: null }, { name: CAMPAIGN_MESSAGES.nameRequired }],
    ['name of 121', { name: 'a'.repeat(121) }, { name: CAMPAIGN_MESSAGES.nameTooLong }],
    ['no tags', { tagsIds: [] }, { tagsIds: CAMPAIGN_MESSAGES.tagsRequired }],
    ['null tags', { tagsIds: null }, { tagsIds: CAMPAIGN_MESSAGES.tagsRequired }],
    ['bad tag id', { tagsIds: [4, 0] }, { tagsIds: CAMPAIGN_MESSAGES.tagsInvalid }],
    ['fractional tag id', { tagsIds: [1.5] }, { tagsIds: CAMPAIGN_MESSAGES.tagsInvalid }],
    ['bad conjunction', { conjunction: 'todas' }, { conjunction: CAMPAIGN_MESSAGES.conjunctionInvalid }],
    ['no template', { templateId: null }, { templateId: CAMPAIGN_MESSAGES.templateRequired }],
    ['template 0', { templateId: 0 }, { templateId: CAMPAIGN_MESSAGES.templateRequired }],
    ['no date', { sendAt: null }, { sendAt: CAMPAIGN_MESSAGES.sendAtRequired }],
    ['blank date', { sendAt: ' ' }, { sendAt: CAMPAIGN_MESSAGES.sendAtRequired }],
    ['unparsable date', { sendAt: 'el lunes' }, { sendAt: CAMPAIGN_MESSAGES.sendAtInvalid }],
    [
      'yesterday in Mexico',
      { sendAt: '2026-03-08T23:59:00-06:00' },
      { sendAt: CAMPAIGN_MESSAGES.sendAtPast },
    ],
    [
      'tag without name',
      { shouldCreateTag: true, tagToCreate: { name: '  ', color: TAG_COLORS[0] } },
      { tagToCreate: CAMPAIGN_MESSAGES.tagNameEmpty },
    ],
    [
      'tag missing',
      { shouldCreateTag: true, tagToCreate: null },
      { tagToCreate: CAMPAIGN_MESSAGES.tagNameEmpty },
    ],
    [
      'tag with a colour off the palette',
      { shouldCreateTag: true, tagToCreate: { name: 'Buen Fin', color: '#000000' } },
      { tagToCreate: CAMPAIGN_MESSAGES.tagColorInvalid },
    ],
    [
      'tag without colour',
      { shouldCreateTag: true, tagToCreate: { name: 'Buen Fin', color: null } },
      { tagToCreate: CAMPAIGN_MESSAGES.tagColorInvalid },
    ],
  ])('%s', (_, change, errors) => {
    expect(validateCampaignDraft({ ...valid, ...change }, ctx)).toEqual(errors);
  });

  it('ignores the tag fields when no tag is created', () => {
    expect(
      validateCampaignDraft({ ...valid, shouldCreateTag: false, tagToCreate: { name: '', color: 'x' } }, ctx),
    ).toEqual({});
  });

  it('reports every field of an empty draft', () => {
    expect(Object.keys(validateCampaignDraft({}, ctx)).sort()).toEqual([
      'name',
      'sendAt',
      'tagsIds',
      'templateId',
    ]);
  });

  it('accepts a name of exactly 120 characters, trimmed', () => {
    expect(validateCampaignDraft({ ...valid, name: ` ${'ñ'.repeat(120)} ` }, ctx)).toEqual({});
  });
});

describe('sending pace', () => {
  it.each([
    [undefined, 80],
    [null, 80],
    ['abc', 80],
    [0, 80],
    [-5, 80],
    [Number.NaN, 80],
    [Number.POSITIVE_INFINITY, 80],
    [1, 1],
    [80, 80],
    [250.9, 250],
    ['300', 300],
    [1000, 1000],
    [5000, 1000],
  ])('%s → %i', (input, expected) => {
    expect(clampCampaignRate(input)).toBe(expected);
  });

  it('keeps its defaults', () => {
    expect(CAMPAIGN_RATE).toEqual({ defaultPerSecond: 80, maxPerSecond: 1000 });
  });
});

describe('dailyAllowance', () => {
  it.each([
    ['TIER_1K', 0, 1000],
    ['TIER_1K', 400, 600],
    ['TIER_1K', 1000, 0],
    ['TIER_1K', 1500, 0],
    ['TIER_250', 10, 240],
    ['TIER_10K', -3, 10000],
    ['NA', 0, 250],
    [null, 50, 200],
    [undefined, Number.NaN, 250],
    ['TIER_DESCONOCIDO', 0, 250],
    [UNLIMITED_TIER, 1_000_000, Number.POSITIVE_INFINITY],
  ])('%s with %s used → %s', (tier, used, expected) => {
    expect(dailyAllowance(tier, used)).toBe(expected);
  });
});

describe('campaign media (01 §5)', () => {
  it.each([
    ['image/jpeg', 'image'],
    ['image/png', 'image'],
    ['IMAGE/PNG', 'image'],
    ['application/pdf', 'document'],
    ['video/mp4', 'video'],
    ['video/mp4; codecs="avc1"', 'video'],
    ['image/gif', null],
    ['application/zip', null],
    ['video/3gpp', null],
    ['toString', null],
    ['', null],
  ])('%s → %s', (mime, kind) => {
    expect(campaignMediaKind(mime)).toBe(kind);
  });

  it('maps exactly the four accepted types', () => {
    expect(Object.keys(CAMPAIGN_MEDIA_TYPES).sort()).toEqual([
      'application/pdf',
      'image/jpeg',
      'image/png',
      'video/mp4',
    ]);
  });

  it.each([
    [{ name: 'promo.jpg', mime: 'image/jpeg' }, null],
    [{ name: `${'a'.repeat(46)}.pdf`, mime: 'application/pdf' }, null],
    [{ name: `${'a'.repeat(47)}.pdf`, mime: 'application/pdf' }, CAMPAIGN_MESSAGES.fileName],
    [{ name: 'promo.gif', mime: 'image/gif' }, CAMPAIGN_MESSAGES.fileType],
    [{ name: '', mime: 'image/png' }, CAMPAIGN_MESSAGES.fileRequired],
    [{ name: null, mime: 'image/png' }, CAMPAIGN_MESSAGES.fileRequired],
  ])('%j → %s', (file, error) => {
    expect(campaignMediaError(file)).toBe(error);
  });
});
