import { FastColor } from '@ant-design/fast-color';
import type { CSSProperties } from 'react';

/** WCAG 2.1 §1.4.3: normal text needs a contrast ratio of 4.5:1 with what is behind it. */
export const MIN_TEXT_CONTRAST = 4.5;

/** The contrast ratio of two colours as WCAG 2.1 defines it, from 1 (same) to 21 (black on white). */
export function contrastRatio(foreground: string, background: string): number {
  const a = new FastColor(foreground).getLuminance();
  const b = new FastColor(background).getLuminance();
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * `color` darkened, keeping its hue, until it reads on `background` with at least `minimum` contrast; unchanged when
 * it already does. Colours a company picks (tags) or a palette gives are kept recognisable but legible.
 */
export function readableOn(color: string, background: string, minimum = MIN_TEXT_CONTRAST): string {
  let candidate = new FastColor(color);
  // Lightness falls 2 points a step: black is reached after 50 steps at most, and black reads on any light colour.
  for (let step = 0; step < 50 && contrastRatio(candidate.toHexString(), background) < minimum; step++) {
    candidate = candidate.darken(2);
  }
  return candidate.toHexString();
}

/** The pale background antd's Tag gives a custom colour (its hue at 95 % lightness). */
export function tagBackground(color: string): string {
  const hsl = new FastColor(color).toHsl();
  return new FastColor({ ...hsl, l: 0.95 }).toHexString();
}

/**
 * A tag in a company's own colour: its pale background and border in that colour, and its text in the same hue dark
 * enough to read (the colour itself is often too light: yellow text on a pale yellow background).
 */
export function colorTagStyle(color: string): CSSProperties {
  const backgroundColor = tagBackground(color);
  return { backgroundColor, borderColor: color, color: readableOn(color, backgroundColor) };
}
