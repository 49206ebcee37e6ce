import { describe, expect, it } from 'vitest';
import { bubbleStatus, contactsOf, fileOf, safeHttpUrl, templateOf } from './messageDisplay';

describe('message display rules', () => {
  it('maps every stored status to the icon the bubble shows', () => {
    expect(
      ['pending', null, 'sent', 'delivered', 'viewed', 'failed', 'warning', 'deleted'].map(bubbleStatus),
    ).toEqual(['pending', 'sent', 'sent', 'delivered', 'viewed', 'failed', 'pending', 'pending']);
  });

  it('reads a file whose weight arrives as a string and ignores a negative one', () => {
    expect(fileOf({ payload: { file: { url: 'https://a.mx/f.pdf', weight: '2048' } } })?.weight).toBe(2048);
    expect(fileOf({ payload: { file: { url: 'https://a.mx/f.pdf', weight: -1 } } })?.weight).toBeNull();
    expect(fileOf({ payload: null })).toBeNull();
  });

  it('skips malformed contact cards and names a card without name by its phone', () => {
    expect(
      contactsOf({
        payload: { contacts: [null, 'x', { phones: [] }, { name: {}, phones: [{ wa_id: '521551' }] }] },
      }),
    ).toEqual([{ name: '521551', phones: ['521551'] }]);
    expect(contactsOf({ payload: { contacts: 'Ana' } })).toEqual([]);
  });

  it('keeps a template variable without a value visible rather than dropping it', () => {
    const template = templateOf({
      content: 'aviso',
      payload: {
        template: { name: 'aviso', body: 'Hola {{1}}, tu folio es {{ 2 }}', bodyParameters: ['Ana'] },
      },
    });
    expect(template.body).toBe('Hola Ana, tu folio es {{ 2 }}');
  });

  it('lets only http and https URLs become links', () => {
    expect(safeHttpUrl('https://a.mx/x')).toBe('https://a.mx/x');
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('data:text/html,hola')).toBeNull();
    expect(safeHttpUrl('no es url')).toBeNull();
    expect(safeHttpUrl(null)).toBeNull();
  });
});
