import { describe, expect, it } from 'vitest';
import { flowFieldLabel, formatMoney, orderTotal, referralLabel, systemNoticeText } from './received-content';

describe('orderTotal', () => {
  it('adds quantity × price of every item in their currency', () => {
    expect(
      orderTotal([
        { quantity: 3, itemPrice: 30, currency: 'ILS' },
        { quantity: 2, itemPrice: 35, currency: 'ILS' },
        { quantity: 2, itemPrice: 10, currency: 'ILS' },
      ]),
    ).toEqual({ total: 180, currency: 'ILS' });
  });

  it('counts in cents so decimals add up exactly', () => {
    expect(
      orderTotal([
        { quantity: 3, itemPrice: 0.1, currency: 'mxn' },
        { quantity: 1, itemPrice: 0.2, currency: 'MXN' },
      ]),
    ).toEqual({ total: 0.5, currency: 'MXN' });
  });

  it('gives no total for an unpriced item, mixed currencies or no items', () => {
    expect(orderTotal([{ quantity: 1, itemPrice: null, currency: 'MXN' }])).toBeNull();
    expect(
      orderTotal([
        { quantity: 1, itemPrice: 5, currency: 'MXN' },
        { quantity: 1, itemPrice: 5, currency: 'USD' },
      ]),
    ).toBeNull();
    expect(orderTotal([])).toBeNull();
  });
});

describe('formatMoney', () => {
  it('writes amounts as es-MX does, with the currency', () => {
    expect(formatMoney(1234.5, 'MXN')).toBe('$1,234.50');
    // Intl puts a no-break space between the code and the amount.
    expect(formatMoney(180, 'ILS')).toBe('ILS\u00a0180.00');
  });

  it('keeps an amount readable without a usable currency', () => {
    expect(formatMoney(12, null)).toBe('12.00');
    expect(formatMoney(12, 'puntos')).toBe('12.00 PUNTOS');
  });
});

describe('flowFieldLabel', () => {
  it('turns Flow Builder names into words', () => {
    expect(flowFieldLabel('screen_0_orderNumber_1')).toBe('Order number');
    expect(flowFieldLabel('screen_0_name_0')).toBe('Name');
    expect(flowFieldLabel('fecha_de_entrega')).toBe('Fecha de entrega');
  });
});

describe('referralLabel', () => {
  it('says where the customer came from', () => {
    expect(referralLabel({ source: 'ad', headline: 'Promo verano', ref: null })).toBe(
      'Desde anuncio: Promo verano',
    );
    expect(referralLabel({ source: 'ad', headline: null, ref: null })).toBe('Desde anuncio');
    expect(referralLabel({ source: 'post', headline: 'Nuevo local', ref: null })).toBe(
      'Desde publicación: Nuevo local',
    );
    expect(referralLabel({ source: 'shortlink', headline: null, ref: 'promo' })).toBe('Desde enlace: promo');
  });
});

describe('systemNoticeText', () => {
  it('tells a number change with both numbers as the inbox shows phones', () => {
    expect(
      systemNoticeText({ event: 'number_changed', oldNumber: '5215512345678', newNumber: '972912345678' }),
    ).toBe('El cliente cambió su número de +525512345678 a +972912345678');
    expect(systemNoticeText({ event: 'number_changed', oldNumber: null, newNumber: null })).toBe(
      'El cliente cambió su número',
    );
  });

  it('tells an identity change and other notices in Spanish', () => {
    expect(systemNoticeText({ event: 'identity_changed', oldNumber: null, newNumber: null })).toBe(
      'La identidad del cliente cambió',
    );
    expect(systemNoticeText({ event: 'other', oldNumber: null, newNumber: null })).toBe('Aviso del sistema');
  });
});

describe('orderTotal, each item', () => {
  it('adds items without a currency and answers no currency', () => {
    expect(
      orderTotal([
        { quantity: 2, itemPrice: 1.5, currency: null },
        { quantity: 1, itemPrice: 2, currency: null },
      ]),
    ).toEqual({ total: 5, currency: null });
  });
  it('gives no total for a price or a quantity that is not a number', () => {
    expect(orderTotal([{ quantity: 1, itemPrice: Number.POSITIVE_INFINITY, currency: 'MXN' }])).toBeNull();
    expect(orderTotal([{ quantity: Number.NaN, itemPrice: 5, currency: 'MXN' }])).toBeNull();
    expect(orderTotal([{ quantity: 1, itemPrice: Number.NaN, currency: 'MXN' }])).toBeNull();
  });
});

describe('flowFieldLabel, every part of the name', () => {
  it('takes off only a leading screen prefix and only a trailing index, of any length', () => {
    expect(flowFieldLabel('screen_12_deliveryDate_10')).toBe('Delivery date');
    expect(flowFieldLabel('my_screen_0_x')).toBe('My screen 0 x');
    expect(flowFieldLabel('screen_0_item_2_price_1')).toBe('Item 2 price');
  });
  it('joins repeated separators and trims the words', () => {
    expect(flowFieldLabel('fecha__de--entrega')).toBe('Fecha de entrega');
    expect(flowFieldLabel('_fecha_')).toBe('Fecha');
  });
  it('keeps a name that has no words', () => {
    expect(flowFieldLabel('__')).toBe('__');
  });
});

describe('referralLabel, each source', () => {
  it('says a link for a short link and a link, with its ref', () => {
    expect(referralLabel({ source: 'link', headline: null, ref: null })).toBe('Desde enlace');
    expect(referralLabel({ source: 'link', headline: null, ref: ' verano ' })).toBe('Desde enlace: verano');
    expect(referralLabel({ source: 'shortlink', headline: null, ref: ' ' })).toBe('Desde enlace');
  });
  it("never shows an ad's ref, and ignores a blank headline", () => {
    expect(referralLabel({ source: 'ad', headline: null, ref: 'campania-7' })).toBe('Desde anuncio');
    expect(referralLabel({ source: 'ad', headline: '  ', ref: null })).toBe('Desde anuncio');
    expect(referralLabel({ source: 'ad', headline: ' Promo ', ref: null })).toBe('Desde anuncio: Promo');
    expect(referralLabel({ source: 'post', headline: null, ref: null })).toBe('Desde publicación');
    expect(referralLabel({ source: 'post', headline: ' ', ref: 'p1' })).toBe('Desde publicación: p1');
  });
});

describe('systemNoticeText, every notice', () => {
  it('tells a number change with only one of its numbers', () => {
    expect(systemNoticeText({ event: 'number_changed', oldNumber: null, newNumber: '5215512345678' })).toBe(
      'El cliente cambió su número a +525512345678',
    );
    expect(systemNoticeText({ event: 'number_changed', oldNumber: '5215512345678', newNumber: null })).toBe(
      'El cliente cambió su número',
    );
  });
  it('shows an id that is not only digits as it is', () => {
    expect(
      systemNoticeText({
        event: 'number_changed',
        oldNumber: 'US.13491208655302741918',
        newNumber: '5215512345678x',
      }),
    ).toBe('El cliente cambió su número de US.13491208655302741918 a 5215512345678x');
    expect(
      systemNoticeText({ event: 'number_changed', oldNumber: '+15550783881', newNumber: '15550783882' }),
    ).toBe('El cliente cambió su número de +15550783881 a +15550783882');
  });
  it('tells a referral notice in Spanish', () => {
    expect(systemNoticeText({ event: 'referral', oldNumber: null, newNumber: null })).toBe(
      'El cliente llegó desde un anuncio o un enlace',
    );
  });
});
