import { TOAST_DURATION_MS, WARNING_TOAST_MS } from '@crm/shared';
import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

// The antd App component provides a context-aware message API; ToastBridge registers it here so
// code outside React (the error handler, the connection watcher) can show toasts.
let api: MessageInstance = staticMessage;

export function registerToastApi(instance: MessageInstance): void {
  api = instance;
}

const seconds = (ms: number): number => ms / 1000;

export interface ToastOptions {
  key?: string;
  durationMs?: number;
  /** Stays until removed with `toast.close(key)`. */
  persistent?: boolean;
}

function show(
  type: 'success' | 'error' | 'warning' | 'info',
  content: string,
  options: ToastOptions = {},
): void {
  // 01 §9: toasts close after 10 s by default, warnings after 15 s.
  const fallback = type === 'warning' ? WARNING_TOAST_MS : TOAST_DURATION_MS;
  const duration = options.persistent ? 0 : seconds(options.durationMs ?? fallback);
  void api.open({ type, content, duration, key: options.key });
}

export const toast = {
  success: (content: string, options?: ToastOptions) => show('success', content, options),
  error: (content: string, options?: ToastOptions) => show('error', content, options),
  warning: (content: string, options?: ToastOptions) => show('warning', content, options),
  info: (content: string, options?: ToastOptions) => show('info', content, options),
  close: (key: string) => api.destroy(key),
};
