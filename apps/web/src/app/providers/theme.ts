import { theme as antdTheme, type ThemeConfig } from 'antd';
import { readableOn } from '../../lib/contrast';

/** The top bar's height (the sticky app header). */
export const HEADER_HEIGHT = 60;

/** Issue 19: toasts open just below the top bar, so they never cover its menu or the avatar panel's button. */
export const TOAST_TOP = HEADER_HEIGHT + 8;

/**
 * Issue 22 (WCAG 2.1 §1.4.3, 4.5:1 for text): antd's secondary and description texts are 45 % black, 3.3:1 on the
 * page background (#f4f6f8); this grey reads at 5.3:1 there and 5.8:1 on white. styles.css's --text-secondary, used
 * by the product's own CSS, holds the same value.
 */
export const TEXT_SECONDARY = '#62666b';
/** Placeholders are read before anything is typed: antd's 25 % black is 1.8:1. */
const TEXT_PLACEHOLDER = '#6b6b6b';
/** antd's red (#ff4d4f) is 3.3:1 on white: danger buttons, error messages and danger text use a darker one. */
const ERROR = '#cf1322';

const PRESET_COLORS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;

/**
 * antd writes a preset-coloured tag (`<Tag color="green">`) in shade 7 of the palette on shade 1, 3.4:1 for green and
 * worse for gold or lime: shade 7 of each palette is darkened, keeping its hue, until it reads on shade 1. The token
 * has two spellings (green7 and the older green-7) that name one CSS variable: both are set.
 */
function readablePresetTagText(): Record<string, string> {
  const defaults = antdTheme.getDesignToken();
  return Object.fromEntries(
    PRESET_COLORS.flatMap((color) => {
      const readable = readableOn(defaults[`${color}7`], defaults[`${color}1`]);
      return [
        [`${color}7`, readable],
        [`${color}-7`, readable],
      ];
    }),
  );
}

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#0e7c66',
    colorInfo: '#0e7c66',
    colorLink: '#0e7c66',
    // antd lightens the primary on hover (#258a72, 4.2:1 on white): a hovered button or link keeps reading at 4.5:1.
    colorPrimaryHover: '#0b6b58',
    colorLinkHover: '#0b6b58',
    colorError: ERROR,
    colorTextTertiary: TEXT_SECONDARY,
    colorTextDescription: TEXT_SECONDARY,
    colorTextPlaceholder: TEXT_PLACEHOLDER,
    ...readablePresetTagText(),
    borderRadius: 8,
    fontFamily:
      "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    // An empty table's text is written in the disabled grey (1.8:1); it is read, so it takes the secondary one.
    Table: { colorTextDisabled: TEXT_SECONDARY },
    // The selected node's default background (#acbdb6 with this primary) leaves red text at 2.8:1; the brand's soft
    // tint keeps every text on it above 4.5:1.
    Tree: { nodeSelectedBg: '#e6f4f0' },
    Layout: { headerBg: '#ffffff', headerPadding: '0 20px', headerHeight: HEADER_HEIGHT, bodyBg: '#f4f6f8' },
  },
};
