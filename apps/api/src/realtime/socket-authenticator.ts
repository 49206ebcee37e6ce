import type { AuthUser } from '../common/auth-user';

/**
 * How the gateway turns a handshake token into its caller. Realtime owns the contract and the auth module supplies
 * it (SOCKET_AUTHENTICATOR), so realtime, which every domain module emits through, depends on none of them.
 */
export interface SocketAuthenticator {
  /** The token's caller, or a rejection when the token or its session is not valid. */
  authenticate(token: string): Promise<AuthUser>;
}

export const SOCKET_AUTHENTICATOR = Symbol('SOCKET_AUTHENTICATOR');
