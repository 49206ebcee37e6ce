import { cleanup } from '@testing-library/react';
import { ConfigProvider, message } from 'antd';
import type { MessageType } from 'antd/es/message/interface';
import { createElement } from 'react';
import { afterAll, afterEach } from 'vitest';

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
// touch `window` ("window is not defined", an unhandled error that fails the run). So the holder is closed after each
// test that opened a toast, again after the file (a request still pending when a test ended may answer with a toast
// after its afterEach), and once the file is done no toast opens at all. The holder is created lazily, also by
// `message.destroy()`, so it is closed only when a toast was opened.
let staticToastOpened = false;
let fileDone = false;
const openStaticToast = message.open;
/** What `message.open` answers once the file is done: a toast already closed. */
function closedToast(): MessageType {
  const closed = Promise.resolve(true);
  // biome-ignore lint/suspicious/noThenProperty: antd's MessageType is a thenable close function by contract.
  return Object.assign(() => undefined, { then: closed.then.bind(closed) });
}

message.open = (...args: Parameters<typeof message.open>): MessageType => {
  if (fileDone) return closedToast();
  staticToastOpened = true;
  return openStaticToast(...args);
};

// Without motion a closed toast leaves the DOM at once; with it, rc-motion ends the leave animation from a deadline
// timer (jsdom fires no transitionend), which could commit after the file's jsdom was gone.
ConfigProvider.config({
  holderRender: (children) =>
    createElement(ConfigProvider, { theme: { token: { motion: false } } }, children),
});

const TOAST_SELECTOR = '.ant-message-notice';

async function closeStaticToasts(): Promise<void> {
  if (!staticToastOpened) return;
  staticToastOpened = false;
  message.destroy();
  // The holder closes through a promise and React commits it on later ticks; all must run while `window` exists.
  const deadline = Date.now() + 2000;
  while (document.querySelector(TOAST_SELECTOR) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
}

afterEach(async () => {
  cleanup();
  localStorage.clear();
  await closeStaticToasts();
});

afterAll(async () => {
  // Requests a test left pending answer on later ticks; let them land (and show their toasts) before closing.
  await new Promise((resolve) => setTimeout(resolve, 20));
  fileDone = true;
  await closeStaticToasts();
});
