import { describe, expect, it } from 'vitest';
import {
  campaignMedia,
  cutOptionText,
  dailyLimitOf,
  EMPTY_CAMPAIGN_DRAFT,
  parseCampaignDraft,
  sendAtOf,
  stepRedirect,
  templateHeaderMedia,
  withTags,
  withTemplate,
} from '../campaignDraft';

const IMAGE_HEADER = [
  { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['https://cdn.test/h.jpg'] } },
  { type: 'BODY', text: 'Hola' },
];

/** A chosen template, as the draft keeps it, with that image header. */
const IMAGE_TEMPLATE = {
  id: 1,
  name: 't',
  category: 'marketing',
  language: 'es_MX',
  components: IMAGE_HEADER,
};

describe('campaign draft rules', () => {
  it('reads a template’s header media, not a text header', () => {
    expect(templateHeaderMedia(IMAGE_HEADER)).toEqual({ kind: 'image', url: 'https://cdn.test/h.jpg' });
    expect(templateHeaderMedia([{ type: 'HEADER', format: 'DOCUMENT' }])).toEqual({
      kind: 'document',
      url: null,
    });
    expect(templateHeaderMedia([{ type: 'HEADER', format: 'TEXT', text: 'Hola' }])).toBeNull();
    expect(templateHeaderMedia([{ type: 'BODY', text: 'Hola' }])).toBeNull();
    expect(templateHeaderMedia('nope')).toBeNull();
  });

  it('sends the new file over the template’s own media', () => {
    expect(campaignMedia({ template: IMAGE_TEMPLATE, file: null })?.url).toBe('https://cdn.test/h.jpg');
    expect(
      campaignMedia({
        template: IMAGE_TEMPLATE,
        file: { url: 'https://cdn.test/n.mp4', name: 'n.mp4', mimeType: 'video/mp4', weight: 1 },
      }),
    ).toEqual({ kind: 'video', url: 'https://cdn.test/n.mp4' });
  });

  it('cuts option text at 80 characters, counting characters rather than UTF-16 units', () => {
    expect(cutOptionText('a'.repeat(80))).toBe('a'.repeat(80));
    expect(cutOptionText('é'.repeat(81))).toBe(`${'é'.repeat(80)}…`);
    expect(cutOptionText(`${'😀'.repeat(81)}`)).toBe(`${'😀'.repeat(80)}…`);
  });

  it('gives union to a second tag and no mode to one', () => {
    const one = withTags(EMPTY_CAMPAIGN_DRAFT, [1]);
    expect(one.conjunction).toBeNull();
    const two = withTags(one, [1, 2]);
    expect(two.conjunction).toBe('union');
    expect(withTags({ ...two, conjunction: 'difference' }, [1, 2, 3]).conjunction).toBe('difference');
    expect(withTags({ ...two, conjunction: 'difference' }, [2]).conjunction).toBeNull();
  });

  it('forgets the uploaded file when another template is chosen', () => {
    const file = { url: 'u', name: 'n.jpg', mimeType: 'image/jpeg', weight: 1 };
    const draft = { ...EMPTY_CAMPAIGN_DRAFT, template: IMAGE_TEMPLATE, changeMedia: true, file };
    expect(withTemplate(draft, IMAGE_TEMPLATE).file).toEqual(file);
    expect(withTemplate(draft, { ...IMAGE_TEMPLATE, id: 2 })).toMatchObject({
      changeMedia: false,
      file: null,
    });
  });

  it('reads the picked wall-clock moment in the company’s zone', () => {
    expect(sendAtOf('2030-06-15', '10:30', 'America/Mexico_City')).toBe('2030-06-15T16:30:00.000Z');
    expect(sendAtOf('2030-06-15', '10:30', 'Europe/Madrid')).toBe('2030-06-15T08:30:00.000Z');
    expect(sendAtOf('15/06/2030', '10:30', 'America/Mexico_City')).toBeNull();
  });

  it('redirects a step to the table without a channel, else to the first missing choice', () => {
    const base = { ...EMPTY_CAMPAIGN_DRAFT, channelId: 7 };
    expect(stepRedirect('tags', EMPTY_CAMPAIGN_DRAFT)).toBe('table');
    expect(stepRedirect('table', EMPTY_CAMPAIGN_DRAFT)).toBeNull();
    expect(stepRedirect('analytics', EMPTY_CAMPAIGN_DRAFT)).toBeNull();
    expect(stepRedirect('tags', base)).toBeNull();
    expect(stepRedirect('selectTemplate', base)).toBe('tags');
    expect(stepRedirect('selectDate', { ...base, tagsIds: [1] })).toBe('selectTemplate');
    const template = { ...IMAGE_TEMPLATE, components: [] };
    expect(stepRedirect('selectMultimedia', { ...base, tagsIds: [1], template })).toBe('selectDate');
    expect(stepRedirect('name', { ...base, tagsIds: [1], template })).toBe('selectDate');
  });

  it('takes the daily limit from the provider, null meaning unlimited, else from the tier', () => {
    expect(dailyLimitOf({ current_limit: 'TIER_1K', dailyLimit: 1000 })).toBe(1000);
    expect(dailyLimitOf({ current_limit: 'TIER_UNLIMITED', dailyLimit: null })).toBe(
      Number.POSITIVE_INFINITY,
    );
    expect(dailyLimitOf(null)).toBe(250);
  });

  it('reads back only what is a draft', () => {
    expect(parseCampaignDraft(null)).toEqual(EMPTY_CAMPAIGN_DRAFT);
    expect(parseCampaignDraft('{nope')).toEqual(EMPTY_CAMPAIGN_DRAFT);
    const parsed = parseCampaignDraft(
      JSON.stringify({
        channelId: 7,
        tagsIds: [1, 1, 'x', -2, 3],
        conjunction: 'bogus',
        tagToCreate: { name: 'Marzo', color: '#000000' },
        shouldCreateTag: 'yes',
      }),
    );
    expect(parsed).toMatchObject({
      channelId: 7,
      tagsIds: [1, 3],
      conjunction: 'union',
      tagToCreate: { name: 'Marzo', color: '#1677ff' },
      shouldCreateTag: null,
    });
  });
});
