import type { QualityRating } from '@crm/shared';
import type { ChannelPlatform } from './channel-provider';

/**
 * Connecting a number by hand (the channels screen's "Agregar canal"): each provider that supports it checks what
 * the admin typed against its own API and prepares the number to reach us. The channels module calls this through
 * the registry and never learns how a provider does it.
 */

/** A Twilio number: the account's SID and auth token, and the number in digits (E.164 without '+'). */
export interface SmsConnectInput {
  accountSid: string;
  authToken: string;
  phoneNumber: string;
}

/** A 360dialog number: its D360-API-KEY and the number in digits (360dialog's API does not tell it). */
export interface Dialog360ConnectInput {
  apiKey: string;
  phoneNumber: string;
}

/** A Cloud API number the business already has: its ids and a system user's access token. */
export interface WhatsappCloudConnectInput {
  phoneNumberId: string;
  wabaId: string;
  accessToken: string;
}

export interface ChannelConnectInputs {
  sms: SmsConnectInput;
  dialog360: Dialog360ConnectInput;
  whatsapp_cloud: WhatsappCloudConnectInput;
}

export type ConnectablePlatform = keyof ChannelConnectInputs & ChannelPlatform;

/** What the provider confirmed: what a new channel row needs. */
export interface ConnectedNumber {
  /** Channel.providerId: the id the provider's webhooks name the number by. */
  providerId: string;
  /** The number's digits. */
  phone: string;
  /** ChannelCredentials.accessToken of the channel, in clear: the caller seals it before storing it. */
  accessToken: string;
  /** A name for a channel the admin did not name: the provider's name for the number, or the number. */
  defaultName: string;
  qualityRating: QualityRating;
}

/**
 * The provider refused what the admin typed (wrong key, a number of another account): a 400 on `field`, with the
 * Spanish text to show there; `info` is the provider's own words, for logs.
 */
export class ConnectRefusedError extends Error {
  constructor(
    readonly field: string,
    readonly userMessage: string,
    readonly info: string,
  ) {
    super(`${field}: ${info}`);
  }
}

export interface ChannelConnector<P extends ConnectablePlatform> {
  readonly platform: P;
  /** The input field that becomes Channel.providerId: where a duplicate is reported. */
  readonly providerIdField: keyof ChannelConnectInputs[P] & string;
  /**
   * Checks the credentials with the provider, then points the number's webhooks at us (or confirms they are).
   * Throws ConnectRefusedError for bad input and ProviderError when the provider fails; stores nothing.
   */
  connect(input: ChannelConnectInputs[P]): Promise<ConnectedNumber>;
}
