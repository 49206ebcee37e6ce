import { render } from '@testing-library/react';
import type { MessageInstance } from 'antd/es/message/interface';
import { afterEach, describe, expect, it } from 'vitest';
import { registerToastApi } from '../../../lib/toast';
import { ConnectionWatcher } from '../ConnectionWatcher';

interface Shown {
  type: unknown;
  content: unknown;
  duration: unknown;
  key: unknown;
}

// What the toast layer hands to antd's message API: the text, and how long it stays (0: until replaced).
function recordToasts(): Shown[] {
  const shown: Shown[] = [];
  const api = {
    open: (config: Shown) => {
      shown.push({ type: config.type, content: config.content, duration: config.duration, key: config.key });
      return Promise.resolve(true);
    },
    destroy: () => undefined,
  } as unknown as MessageInstance;
  registerToastApi(api);
  return shown;
}

afterEach(() => {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, value: true });
});

describe('ConnectionWatcher toasts (02 §7 Connection)', () => {
  it('shows the warning at once when the page opens offline', () => {
    const shown = recordToasts();
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, value: false });
    render(<ConnectionWatcher />);
    expect(shown.map((s) => [s.content, s.duration])).toEqual([['Revisa tu conexión a Internet', 0]]);
  });
});
