import { describe, expect, it } from 'vitest';
import {
  customVariables,
  EMPTY_DRAFT,
  nextStep,
  parseDraft,
  previousStep,
  stepErrors,
  stepPath,
} from '../templateDraft';

describe('template draft', () => {
  it('goes through the identify-variables step only for a normal template', () => {
    expect(stepPath('NORMAL_TEMPLATE')).toEqual([
      'init',
      'create',
      'new',
      'identifyVariables',
      'category',
      'addMultimedia',
      'preview',
    ]);
    expect(stepPath('CUSTOM_TEMPLATE')).toEqual([
      'init',
      'create',
      'newCustom',
      'category',
      'addMultimedia',
      'preview',
    ]);
    expect(nextStep({ step: 'create', type: 'CUSTOM_TEMPLATE' })).toBe('newCustom');
    expect(previousStep({ step: 'category', type: 'NORMAL_TEMPLATE' })).toBe('identifyVariables');
    expect(previousStep({ step: 'category', type: 'CUSTOM_TEMPLATE' })).toBe('newCustom');
    expect(previousStep({ step: 'init', type: null })).toBeNull();
    expect(nextStep({ step: 'preview', type: 'NORMAL_TEMPLATE' })).toBeNull();
  });

  it('reads back only what a draft can hold, and starts over on anything else', () => {
    expect(parseDraft(null)).toEqual(EMPTY_DRAFT);
    expect(parseDraft('{not json')).toEqual(EMPTY_DRAFT);
    expect(parseDraft('[1,2]')).toEqual(EMPTY_DRAFT);
    const odd = parseDraft(
      JSON.stringify({
        step: 'newCustom',
        type: 'NORMAL_TEMPLATE',
        name: 5,
        category: 'promo',
        header: { type: 'x' },
      }),
    );
    // A step off its type's path starts the path over; bad values become empty ones.
    expect(odd).toMatchObject({
      step: 'init',
      type: 'NORMAL_TEMPLATE',
      name: '',
      category: null,
      header: { type: 'none' },
    });
  });

  it('refuses each step with the spec texts', () => {
    expect(stepErrors({ ...EMPTY_DRAFT })).toEqual({
      channelId: 'Selecciona un canal.',
      type: 'Selecciona un tipo de plantilla.',
    });
    expect(stepErrors({ ...EMPTY_DRAFT, step: 'create', name: 'Mi Plantilla' }).name).toBe(
      'No puede contener mayúsculas, espacios ni caracteres especiales',
    );
    const text = 'Hola {{1}}, tu pago de {{2}} vence hoy.';
    expect(
      stepErrors({ ...EMPTY_DRAFT, step: 'newCustom', text, variables: customVariables(text, []) }).variables,
    ).toBe('Escribe un valor de ejemplo para la variable {{1}}.');
    expect(stepErrors({ ...EMPTY_DRAFT, step: 'category' }).category).toBe('Selecciona una categoría.');
    expect(
      stepErrors({
        ...EMPTY_DRAFT,
        step: 'addMultimedia',
        header: { type: 'doc', url: '', mimeType: '', fileName: '', size: 0 },
      }).header,
    ).toBe('Sube el archivo del encabezado.');
    expect(
      stepErrors({ ...EMPTY_DRAFT, step: 'addMultimedia', header: { type: 'text', text: 'x'.repeat(61) } })
        .header,
    ).toBe('El encabezado no debe exceder los 60 caracteres');
  });

  it("keeps a custom variable's example by its number when the text changes", () => {
    const first = customVariables('Hola {{1}}', []).map((v) => ({ ...v, example: 'Ana' }));
    expect(customVariables('Hola {{1}}, tu código es {{2}}', first).map((v) => [v.index, v.example])).toEqual(
      [
        [1, 'Ana'],
        [2, ''],
      ],
    );
  });
});
