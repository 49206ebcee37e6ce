import { CHANNEL_CONNECT_MESSAGES } from '@crm/shared';
import {
  type ChannelConnector,
  type ConnectedNumber,
  ConnectRefusedError,
  type SmsConnectInput,
} from '../channel-connector';
import {
  type ChannelCredentials,
  type ChannelProvider,
  type FetchedMedia,
  type MediaRef,
  type OutboundMessage,
  ProviderError,
  type SendResult,
  type WebhookContext,
  type WebhookEvent,
  type WebhookRequest,
} from '../channel-provider';
import { readHeader } from '../http-client';
import { SmsClient, type TwilioCredentials, type TwilioIncomingNumber } from './sms.client';
import {
  channelNumberOf,
  digitsOf,
  parseSmsWebhook,
  readWebhookForm,
  toE164,
  toTwilioForm,
} from './sms.mapper';
import { fetchTwilioMedia } from './sms-media.client';
import { verifyTwilioSignature } from './twilio-signature';

export interface SmsAdapterOptions {
  /** Twilio-compatible REST base URL, e.g. https://api.twilio.com/2010-04-01 (from config). */
  apiUrl: string;
  /** Our public status-callback URL, sent with every message so Twilio reports delivery back to us. */
  statusCallbackUrl?: string;
  /** The receive time stamped on webhook events (Twilio's carry no timestamp); injectable for tests. */
  now?: () => Date;
}

/** SMS/MMS through Twilio's Programmable Messaging API (or a compatible one). */
export class SmsAdapter implements ChannelProvider, ChannelConnector<'sms'> {
  readonly platform = 'sms' as const;
  readonly providerIdField = 'phoneNumber' as const;
  private readonly client: SmsClient;

  constructor(private readonly options: SmsAdapterOptions) {
    this.client = new SmsClient(options.apiUrl);
  }

  async send(channel: ChannelCredentials, message: OutboundMessage): Promise<SendResult> {
    const form = toTwilioForm(message, channel.providerId, this.options.statusCallbackUrl);
    const providerMessageId = await this.client.createMessage(parseCredentials(channel.accessToken), form);
    return { providerMessageId };
  }

  /**
   * Twilio signs each webhook with the token of the account that owns the number, and every SMS channel carries
   * its own "accountSid:authToken": there is no app-wide secret as with Meta. So the channel the request names is
   * looked up first, and X-Twilio-Signature is checked with its token.
   */
  async verifyWebhook(request: WebhookRequest, context: WebhookContext): Promise<boolean> {
    const number = SmsAdapter.channelNumber(request);
    const credentials = number ? await context.credentialsFor(number) : null;
    if (!credentials) return false;
    return this.verifyWebhookWith(request, parseCredentials(credentials.accessToken).authToken);
  }

  /** X-Twilio-Signature over the public URL Twilio called and the form parameters, with a known auth token. */
  verifyWebhookWith(request: WebhookRequest, authToken: string): boolean {
    return verifyTwilioSignature(
      authToken,
      request.url,
      readWebhookForm(request.rawBody),
      readHeader(request.headers, 'x-twilio-signature'),
    );
  }

  /**
   * Which of our numbers a webhook is about (To of an incoming message, From of a status callback), read before
   * verification only to choose the key: a forged value can only select a token the forger does not know.
   */
  static channelNumber(request: WebhookRequest): string | null {
    const hint = request.channelHint ? digitsOf(request.channelHint) : '';
    return channelNumberOf(readWebhookForm(request.rawBody)) ?? (hint || null);
  }

  parseWebhook(request: WebhookRequest): WebhookEvent[] {
    return parseSmsWebhook(request.rawBody, this.options.now?.() ?? new Date(), request.channelHint);
  }

  /** MMS files, with the channel's account credentials when the URL is the API's own. */
  async fetchMedia(channel: ChannelCredentials, ref: MediaRef): Promise<FetchedMedia> {
    return fetchTwilioMedia(this.options.apiUrl, parseCredentials(channel.accessToken), ref.url);
  }

  /**
   * A number added by hand: Twilio lists it among the account's numbers, which proves the SID and token and that
   * the number is the account's. Its token ends up stored as "accountSid:authToken" (see parseCredentials).
   */
  async connect(input: SmsConnectInput): Promise<ConnectedNumber> {
    const credentials = { accountSid: input.accountSid, authToken: input.authToken };
    let number: TwilioIncomingNumber | null;
    try {
      number = await this.client.findIncomingNumber(credentials, toE164(input.phoneNumber));
    } catch (error) {
      throw refusal(error);
    }
    const m = CHANNEL_CONNECT_MESSAGES;
    if (!number)
      throw new ConnectRefusedError(
        'phoneNumber',
        m.twilioNumberNotFound,
        'not an IncomingPhoneNumber of the account',
      );
    if (!number.canSms)
      throw new ConnectRefusedError(
        'phoneNumber',
        m.twilioNumberWithoutSms,
        `${number.sid} has no SMS capability`,
      );
    const phone = digitsOf(number.phoneNumber);
    return {
      providerId: phone,
      phone,
      accessToken: `${input.accountSid}:${input.authToken}`,
      defaultName: `SMS +${phone}`,
      qualityRating: 'NA',
    };
  }
}

/** Twilio's answer about what was typed; its outages and rate limits stay ProviderErrors. */
function refusal(error: unknown): unknown {
  if (!(error instanceof ProviderError) || error.retryable || error.code === 'PROVIDER_UNAVAILABLE')
    return error;
  const m = CHANNEL_CONNECT_MESSAGES;
  // 20003: the SID and token do not authenticate (Twilio does not say which one is wrong).
  if (error.code === 'PROVIDER_AUTH_ERROR')
    return new ConnectRefusedError('authToken', m.twilioRejected, error.info);
  // 20404: no such resource, here the account.
  if (error.providerCode === 20404 || error.providerCode === 404) {
    return new ConnectRefusedError('accountSid', m.twilioAccountNotFound, error.info);
  }
  return new ConnectRefusedError('phoneNumber', m.twilioNumberNotFound, error.info);
}

/** ChannelCredentials.accessToken of an SMS channel is "accountSid:authToken". */
function parseCredentials(accessToken: string): TwilioCredentials {
  const separator = accessToken.indexOf(':');
  if (separator <= 0 || separator === accessToken.length - 1) {
    throw new ProviderError('PROVIDER_AUTH_ERROR', false, 'SMS credentials must be "accountSid:authToken"');
  }
  return { accountSid: accessToken.slice(0, separator), authToken: accessToken.slice(separator + 1) };
}
