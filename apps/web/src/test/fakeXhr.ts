import { vi } from 'vitest';

export interface XhrRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Document | XMLHttpRequestBodyInit | null;
}

export interface XhrReply {
  status: number;
  body?: unknown;
  /** Upload progress steps to report before answering, as fractions of 1. */
  progress?: number[];
}

/**
 * Replaces XMLHttpRequest (lib/multipart sends multipart bodies through it for upload progress): each request is
 * recorded and answered by `answer`, asynchronously, as a server would.
 */
export function stubXhr(answer: (request: XhrRequest) => XhrReply | Promise<XhrReply>): XhrRequest[] {
  const requests: XhrRequest[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: {
      onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private request: XhrRequest = { method: '', url: '', headers: {}, body: null };
    private aborted = false;

    open(method: string, url: string): void {
      this.request = { method, url, headers: {}, body: null };
    }

    setRequestHeader(name: string, value: string): void {
      this.request.headers[name] = value;
    }

    abort(): void {
      this.aborted = true;
      this.onabort?.();
    }

    send(body: Document | XMLHttpRequestBodyInit | null): void {
      this.request.body = body;
      requests.push(this.request);
      void (async () => {
        await Promise.resolve();
        const reply = await answer(this.request);
        for (const step of reply.progress ?? []) {
          if (this.aborted) return;
          this.upload.onprogress?.({ lengthComputable: true, loaded: step * 100, total: 100 });
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
        if (this.aborted) return;
        this.status = reply.status;
        this.responseText = reply.body === undefined ? '' : JSON.stringify(reply.body);
        this.onload?.();
      })();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return requests;
}
