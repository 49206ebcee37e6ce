import type { ThemeConfig } from 'antd';

/** The top bar's height (the sticky app header). */
export const HEADER_HEIGHT = 60;

/** Issue 19: toasts open just below the top bar, so they never cover its menu or the avatar panel's button. */
export const TOAST_TOP = HEADER_HEIGHT + 8;

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#0e7c66',
    colorInfo: '#0e7c66',
    colorLink: '#0e7c66',
    borderRadius: 8,
    fontFamily:
      "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', headerPadding: '0 20px', headerHeight: HEADER_HEIGHT, bodyBg: '#f4f6f8' },
  },
};
