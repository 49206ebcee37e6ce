import { cleanup } from '@testing-library/react';
import { message } from 'antd';
import { afterEach } from 'vitest';

// jsdom lacks matchMedia, which antd's responsive utilities read.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

// jsdom lacks ResizeObserver, which antd's overflow-aware components create.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// Toasts shown without an antd App (components rendered alone) go to antd's static holder, a React root of its own
// that `cleanup` does not know. Its close timers would fire after the file's jsdom is torn down, and React would then
// touch `window` ("window is not defined", an unhandled error that fails the run). The holder is created lazily, also
// by `message.destroy()`, so it is closed only when a test opened a toast.
let staticToastOpened = false;
const openStaticToast = message.open;
message.open = (...args: Parameters<typeof message.open>) => {
  staticToastOpened = true;
  return openStaticToast(...args);
};

afterEach(async () => {
  cleanup();
  localStorage.clear();
  if (staticToastOpened) {
    staticToastOpened = false;
    message.destroy();
    // The holder closes through a promise and React commits it on a later tick; both must run while `window` exists.
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});
