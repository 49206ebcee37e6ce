import { apiPost } from '../../../lib/http';

export interface Credentials {
  email: string;
  password: string;
}

export type FactorStatus = 'unverified' | 'verified';

export interface TwoFactorFactor {
  status: FactorStatus;
  binding?: { uri: string };
}

// 01 §7 Authentication (REST). Login calls send no stale token.
export function getUserByEmail(email: string): Promise<{ hasUsed2FA: boolean }> {
  return apiPost('/getUserByEmail', { email }, { auth: false });
}

export function loginDash(credentials: Credentials & { otp?: string }): Promise<{ token: string }> {
  return apiPost('/loginDash', credentials, { auth: false });
}

export function sendTwoFactorCode(credentials: Credentials): Promise<{ factor: TwoFactorFactor }> {
  return apiPost('/sendTwoFactorCode', credentials, { auth: false });
}

export function verifyToken(token: string): Promise<{ valid: boolean }> {
  return apiPost('/verifyToken', { token }, { auth: false });
}

export function sendResetPasswordEmail(email: string): Promise<{ sent: boolean }> {
  return apiPost('/sendResetPasswordEmail', { email }, { auth: false });
}

export function resetPassword(token: string, password: string): Promise<{ ok: boolean }> {
  return apiPost('/resetPassword', { token, password }, { auth: false });
}

export function logout(): Promise<{ ok: boolean }> {
  return apiPost('/logout', {});
}
