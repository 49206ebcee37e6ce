import { describe, expect, it } from 'vitest';
import { avatarColor } from '../../features/inbox/list/conversationDisplay';
import { colorTagStyle, contrastRatio, MIN_TEXT_CONTRAST, readableOn, tagBackground } from '../contrast';

describe('contrastRatio', () => {
  it('gives the WCAG figures for black on white, a colour on itself and antd’s 45 % grey', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#0e7c66', '#0e7c66')).toBe(1);
    // The failure axe-core reported on every secondary text (issue 22).
    expect(contrastRatio('#8c8c8c', '#ffffff')).toBeCloseTo(3.36, 2);
  });
});

describe('readableOn', () => {
  it('keeps a colour that already reads', () => {
    expect(readableOn('#0e7c66', '#ffffff')).toBe('#0e7c66');
  });

  it('darkens a yellow in its hue until it reads on white', () => {
    const readable = readableOn('#faad14', '#ffffff');
    expect(contrastRatio('#faad14', '#ffffff')).toBeLessThan(2);
    expect(contrastRatio(readable, '#ffffff')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(readable).not.toBe('#faad14');
    // Still a yellow-brown: red above blue, as in the original.
    const [r, , b] = [1, 3, 5].map((start) => Number.parseInt(readable.slice(start, start + 2), 16));
    expect(r).toBeGreaterThan(b ?? 255);
  });

  it('reaches the ratio asked for', () => {
    expect(contrastRatio(readableOn('#52c41a', '#ffffff', 7), '#ffffff')).toBeGreaterThanOrEqual(7);
  });
});

describe('colorTagStyle', () => {
  it('writes every demo tag colour legibly on its own pale background', () => {
    for (const color of ['#1677ff', '#52c41a', '#faad14', '#eb2f96', '#ffffff', '#000000']) {
      const style = colorTagStyle(color);
      expect(style.backgroundColor).toBe(tagBackground(color));
      expect(style.borderColor).toBe(color);
      expect(contrastRatio(String(style.color), String(style.backgroundColor))).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      );
    }
  });
});

describe('avatarColor', () => {
  it('gives white initials 4.5:1 on every colour of the palette', () => {
    for (let id = 0; id < 14; id++) {
      expect(contrastRatio('#ffffff', avatarColor(id))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });
});
