// Meta's WhatsApp embedded signup (Facebook JS SDK): FB.login with the configuration id answers a code; the
// signup window posts a WA_EMBEDDED_SIGNUP message with the WABA and phone number ids. Both are needed.
interface FacebookLoginResponse {
  authResponse?: { code?: string } | null;
}

interface FacebookSdk {
  init(options: { appId: string; autoLogAppEvents: boolean; xfbml: boolean; version: string }): void;
  login(callback: (response: FacebookLoginResponse) => void, options: Record<string, unknown>): void;
}

declare global {
  interface Window {
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
  }
}

const SDK_URL = 'https://connect.facebook.net/es_LA/sdk.js';
const GRAPH_VERSION = 'v21.0';

export interface MetaSignupResult {
  code: string;
  wabaId: string;
  phoneNumberId: string;
}

let sdkLoading: Promise<FacebookSdk> | null = null;

function loadSdk(appId: string): Promise<FacebookSdk> {
  if (sdkLoading) return sdkLoading;
  sdkLoading = new Promise<FacebookSdk>((resolve, reject) => {
    window.fbAsyncInit = () => {
      const sdk = window.FB;
      if (!sdk) {
        reject(new Error('Facebook SDK did not load'));
        return;
      }
      sdk.init({ appId, autoLogAppEvents: true, xfbml: false, version: GRAPH_VERSION });
      resolve(sdk);
    };
    const script = document.createElement('script');
    script.src = SDK_URL;
    script.async = true;
    script.crossOrigin = 'anonymous';
    script.onerror = () => {
      sdkLoading = null;
      reject(new Error('Facebook SDK did not load'));
    };
    document.body.appendChild(script);
  });
  return sdkLoading;
}

function isFacebookOrigin(origin: string): boolean {
  try {
    const host = new URL(origin).hostname;
    return host === 'facebook.com' || host.endsWith('.facebook.com');
  } catch {
    return false;
  }
}

interface SignupMessage {
  type?: string;
  event?: string;
  data?: { waba_id?: string; phone_number_id?: string };
}

function readSignupMessage(data: unknown): SignupMessage | null {
  try {
    const parsed: unknown = typeof data === 'string' ? JSON.parse(data) : data;
    if (typeof parsed !== 'object' || parsed === null) return null;
    const message = parsed as SignupMessage;
    return message.type === 'WA_EMBEDDED_SIGNUP' ? message : null;
  } catch {
    return null;
  }
}

/** Opens Meta's signup; resolves with the code and the ids, rejects when the user cancels or it fails. */
export async function runMetaSignup(appId: string, configId: string): Promise<MetaSignupResult> {
  const sdk = await loadSdk(appId);
  return new Promise<MetaSignupResult>((resolve, reject) => {
    let code: string | null = null;
    let ids: { wabaId: string; phoneNumberId: string } | null = null;
    const finish = () => {
      if (code === null || ids === null) return;
      window.removeEventListener('message', onMessage);
      resolve({ code, ...ids });
    };
    const fail = (reason: string) => {
      window.removeEventListener('message', onMessage);
      reject(new Error(reason));
    };
    function onMessage(event: MessageEvent) {
      if (!isFacebookOrigin(event.origin)) return;
      const message = readSignupMessage(event.data);
      if (!message) return;
      if (message.event === 'CANCEL' || message.event === 'ERROR') {
        fail(`Embedded signup ended with ${message.event}`);
        return;
      }
      const wabaId = message.data?.waba_id;
      const phoneNumberId = message.data?.phone_number_id;
      if (wabaId && phoneNumberId) {
        ids = { wabaId, phoneNumberId };
        finish();
      }
    }
    window.addEventListener('message', onMessage);
    sdk.login(
      (response) => {
        const received = response.authResponse?.code;
        if (!received) {
          fail('Embedded signup was cancelled');
          return;
        }
        code = received;
        finish();
      },
      {
        config_id: configId,
        response_type: 'code',
        override_default_response_type: true,
        extras: { setup: {}, sessionInfoVersion: '3' },
      },
    );
  });
}
