import { describe, expect, it } from 'vitest';
import { menuInteractive } from './chatbot-menu';
import {
  SURVEY_MESSAGES,
  type SurveyOptionDraft,
  type SurveyOptionLike,
  surveyChoices,
  surveyOptionForReply,
  validateSurveyDraft,
} from './survey';

const OPTIONS: SurveyOptionLike[] = [
  { id: 1002, text: 'Buena', value: 4, index: 1, endText: '' },
  { id: 1001, text: 'Excelente', value: 5, index: 0, endText: '¡Gracias!' },
  { id: 1003, text: 'Mala', value: 1, index: 2, endText: 'Lo sentimos' },
];

describe('validateSurveyDraft', () => {
  const option = (over: Record<string, unknown> = {}) => ({ text: 'Buena', value: 1, index: 0, ...over });

  it('accepts an opening text and up to 10 options with distinct integer values', () => {
    const options = Array.from({ length: 10 }, (_, i) => option({ text: `Opción ${i}`, value: i, index: i }));
    expect(validateSurveyDraft({ initText: '¿Cómo te atendimos?', options })).toBeNull();
  });

  it('requires the opening text and keeps it within 1024 characters', () => {
    expect(validateSurveyDraft({ initText: '  ', options: [option()] })).toEqual({
      field: 'initText',
      message: SURVEY_MESSAGES.initTextRequired,
    });
    expect(validateSurveyDraft({ initText: 'x'.repeat(1025), options: [option()] })?.field).toBe('initText');
    expect(validateSurveyDraft({ initText: 'x'.repeat(1024), options: [option()] })).toBeNull();
  });

  it('requires between 1 and 10 options', () => {
    expect(validateSurveyDraft({ initText: 'a', options: [] })).toEqual({
      field: 'options',
      message: SURVEY_MESSAGES.optionsRequired,
    });
    const eleven = Array.from({ length: 11 }, (_, i) => option({ value: i }));
    expect(validateSurveyDraft({ initText: 'a', options: eleven })).toEqual({
      field: 'options',
      message: SURVEY_MESSAGES.optionsTooMany,
    });
  });

  it('names the option at fault: empty text, a value that is no integer or repeats one, a bad index', () => {
    expect(
      validateSurveyDraft({ initText: 'a', options: [option(), option({ text: ' ', value: 2 })] }),
    ).toEqual({ field: 'options.1.text', message: SURVEY_MESSAGES.optionTextRequired });
    expect(validateSurveyDraft({ initText: 'a', options: [option({ value: 1.5 })] })?.field).toBe(
      'options.0.value',
    );
    expect(validateSurveyDraft({ initText: 'a', options: [option(), option({ text: 'Otra' })] })).toEqual({
      field: 'options.1.value',
      message: SURVEY_MESSAGES.optionValueRepeated,
    });
    expect(validateSurveyDraft({ initText: 'a', options: [option({ index: -1 })] })?.field).toBe(
      'options.0.index',
    );
    expect(
      validateSurveyDraft({ initText: 'a', options: [option({ endText: 'x'.repeat(1025) })] })?.field,
    ).toBe('options.0.endText');
  });
});

describe('surveyChoices', () => {
  it('lists the options by index with survey reply ids, as buttons up to 3', () => {
    const choices = surveyChoices(OPTIONS);
    expect(choices).toEqual([
      { id: 'survey:1001', title: 'Excelente' },
      { id: 'survey:1002', title: 'Buena' },
      { id: 'survey:1003', title: 'Mala' },
    ]);
    expect(menuInteractive('¿Cómo te atendimos?', choices)?.kind).toBe('buttons');
  });
});

describe('surveyOptionForReply', () => {
  it('reads a tapped button or list row by its reply id', () => {
    expect(surveyOptionForReply({ text: 'Mala', replyId: 'survey:1003' }, OPTIONS)?.id).toBe(1003);
  });

  it('reads a typed number as the place the message listed it at', () => {
    expect(surveyOptionForReply({ text: '1' }, OPTIONS)?.id).toBe(1001);
    expect(surveyOptionForReply({ text: 'opción 2' }, OPTIONS)?.id).toBe(1002);
  });

  it("reads a typed number that is no option's place as a value", () => {
    expect(surveyOptionForReply({ text: '5' }, OPTIONS)?.id).toBe(1001);
    expect(surveyOptionForReply({ text: '4' }, OPTIONS)?.id).toBe(1002);
  });

  it('reads the title typed out, case and accents aside', () => {
    expect(surveyOptionForReply({ text: 'excelente!' }, OPTIONS)?.id).toBe(1001);
  });

  it('finds nothing in another message', () => {
    expect(surveyOptionForReply({ text: 'Hola, otra pregunta' }, OPTIONS)).toBeNull();
    expect(surveyOptionForReply({ text: '9' }, OPTIONS)).toBeNull();
    expect(surveyOptionForReply({ text: '' }, OPTIONS)).toBeNull();
  });
});

describe('validateSurveyDraft at its bounds', () => {
  const option = (over: Record<string, unknown> = {}) =>
    ({ text: 'Buena', value: 1, ...over }) as SurveyOptionDraft;
  const check = (...options: SurveyOptionDraft[]) => validateSurveyDraft({ initText: '¿Qué tal?', options });

  it('asks for what is absent', () => {
    expect(validateSurveyDraft({ initText: null as unknown as string, options: [option()] })).toEqual({
      field: 'initText',
      message: 'Escribe el texto de la encuesta.',
    });
    expect(
      validateSurveyDraft({ initText: '¿Qué tal?', options: null as unknown as SurveyOptionDraft[] }),
    ).toEqual({
      field: 'options',
      message: 'Agrega al menos una opción.',
    });
    expect(check(option({ text: null }))).toEqual({
      field: 'options.0.text',
      message: 'Escribe el texto de la opción.',
    });
  });

  it('takes an option text of 100 characters, not 101', () => {
    expect(check(option({ text: 'x'.repeat(100) }))).toBeNull();
    expect(check(option({ text: 'x'.repeat(101) }))).toEqual({
      field: 'options.0.text',
      message: 'El texto de la opción no debe exceder los 100 caracteres.',
    });
  });

  it('takes any value an integer column holds', () => {
    const invalid = { field: 'options.0.value', message: 'El valor de la opción debe ser un número entero.' };
    expect(check(option({ value: -2_147_483_648 }))).toBeNull();
    expect(check(option({ value: 2_147_483_647 }))).toBeNull();
    expect(check(option({ value: -2_147_483_649 }))).toEqual(invalid);
    expect(check(option({ value: 2_147_483_648 }))).toEqual(invalid);
    expect(check(option({ value: '3' }))).toEqual(invalid);
  });

  it('lets the position be left out, but not be a fraction', () => {
    expect(check(option(), option({ value: 2, index: null }))).toBeNull();
    expect(check(option({ index: 1.5 }))).toEqual({
      field: 'options.0.index',
      message: 'La posición de la opción debe ser un número entero mayor o igual a 0.',
    });
  });

  it('takes a final text of 1024 characters once trimmed, not 1025', () => {
    expect(check(option({ endText: ` ${'x'.repeat(1024)} ` }))).toBeNull();
    expect(check(option({ endText: null }))).toBeNull();
    expect(check(option({ endText: 'x'.repeat(1025) }))).toEqual({
      field: 'options.0.endText',
      message: 'El texto final no debe exceder los 1024 caracteres.',
    });
  });
});

describe('survey options in order and typed values', () => {
  it('keeps the stored order of options at the same place', () => {
    const same = [1, 2, 3].map((id) => ({ id, text: `Opción ${id}`, value: id, index: 0, endText: '' }));
    expect(surveyChoices(same).map((c) => c.id)).toEqual(['survey:1', 'survey:2', 'survey:3']);
  });

  it('reads a value typed alone, with a full stop or an exclamation mark, and nothing more', () => {
    const ten = [...OPTIONS, { id: 1010, text: 'Perfecta', value: 10, index: 3, endText: '' }];
    expect(surveyOptionForReply({ text: '10' }, ten)?.id).toBe(1010);
    expect(surveyOptionForReply({ text: ' 5. ' }, OPTIONS)?.id).toBe(1001);
    expect(surveyOptionForReply({ text: '5!' }, OPTIONS)?.id).toBe(1001);
    for (const text of ['x5', '5x', '5 y más', '5 x', '5!x']) {
      expect(surveyOptionForReply({ text }, OPTIONS)).toBeNull();
    }
  });
});
