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

describe('ConnectionWatcher (02 §7 Connection)', () => {
  it("warns 'Revisa tu conexión a Internet' until the connection is back, then says 'Conexión restablecida' for 6 s", () => {
    const shown = recordToasts();
    render(<ConnectionWatcher />);
    expect(shown).toHaveLength(0);

    window.dispatchEvent(new Event('offline'));
    expect(shown).toEqual([
      { type: 'warning', content: 'Revisa tu conexión a Internet', duration: 0, key: 'connection' },
    ]);

    window.dispatchEvent(new Event('online'));
    // The same key: the success replaces the persistent warning.
    expect(shown[1]).toEqual({
      type: 'success',
      content: 'Conexión restablecida',
      duration: 6,
      key: 'connection',
    });
  });

  it('shows the warning at once when the page opens offline', () => {
    const shown = recordToasts();
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, value: false });
    render(<ConnectionWatcher />);
    expect(shown.map((s) => [s.content, s.duration])).toEqual([['Revisa tu conexión a Internet', 0]]);
  });
});
