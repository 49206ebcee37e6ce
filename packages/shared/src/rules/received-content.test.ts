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
