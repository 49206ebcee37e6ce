import { describe, expect, it } from 'vitest';
import { menuInteractive } from './chatbot-menu';
import {
  SURVEY_MESSAGES,
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
