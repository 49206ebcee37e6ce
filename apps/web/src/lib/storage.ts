// Session data kept by the browser. The password of a two-factor login never goes here:
// it travels in router state only.
const TOKEN_KEY = 'token';
const QR_URI_KEY = 'qrUri';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function getQrUri(): string | null {
  return localStorage.getItem(QR_URI_KEY);
}

export function setQrUri(uri: string): void {
  localStorage.setItem(QR_URI_KEY, uri);
}

export function removeQrUri(): void {
  localStorage.removeItem(QR_URI_KEY);
}

// 01 §4 Session: leaving the session clears local storage.
export function clearLocalStorage(): void {
  localStorage.clear();
}
