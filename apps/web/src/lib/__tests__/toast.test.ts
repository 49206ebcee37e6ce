import type { MessageInstance } from 'antd/es/message/interface';
import { describe, expect, it } from 'vitest';
import { registerToastApi, toast } from '../toast';

describe('toast (02 §9: toasts close by themselves after 10000 ms)', () => {
  it('shows a toast for 10 s unless told otherwise, and a persistent one until replaced', () => {
    const shown: Array<{ type: unknown; content: unknown; duration: unknown }> = [];
    registerToastApi({
      open: (config: { type: unknown; content: unknown; duration: unknown }) => {
        shown.push({ type: config.type, content: config.content, duration: config.duration });
        return Promise.resolve(true);
      },
    } as unknown as MessageInstance);
    toast.error('Ha ocurrido un error');
    toast.success('Guardado', { durationMs: 6000 });
    toast.warning('Sin conexión', { persistent: true });
    expect(shown).toEqual([
      { type: 'error', content: 'Ha ocurrido un error', duration: 10 },
      { type: 'success', content: 'Guardado', duration: 6 },
      { type: 'warning', content: 'Sin conexión', duration: 0 },
    ]);
  });
});
