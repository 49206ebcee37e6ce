import type { ChannelCredentials, ProviderError, TemplateMediaFile } from './channel-provider';
import { type HttpResult, postJson } from './http-client';

/**
 * Issue 19, 01 §3 WhatsApp business profile: what the profile form sends to the number's provider. The Cloud API's
 * POST /{phone-number-id}/whatsapp_business_profile takes every field (360dialog proxies the same call on its base
 * URL); it is sent in three calls, so a refusal says which part failed as 01 §8 names them (about, business
 * information, photo). https://developers.facebook.com/docs/whatsapp/cloud-api/reference/business-profiles
 */
export interface BusinessProfileUpdate {
  about: string;
  address: string;
  description: string;
  email: string;
  /** The Cloud API's enum value (AUTO, BEAUTY…), or '' to leave it. */
  vertical: string;
  website: string;
}

export type ProfileStep = 'about' | 'businessInfo' | 'photo';

/** The provider refused or failed one of the three parts; `reason` has its own words for logs. */
export class ProfileStepError extends Error {
  constructor(
    readonly step: ProfileStep,
    readonly reason: unknown,
  ) {
    super(`${step}: ${reason instanceof Error ? reason.message : String(reason)}`);
  }
}

export interface BusinessProfilePort {
  update(
    channel: ChannelCredentials,
    profile: BusinessProfileUpdate,
    photo: TemplateMediaFile | null,
  ): Promise<void>;
}

/** How one provider is reached: where the profile call goes, and how a photo becomes a profile_picture_handle. */
export interface ProfileAccess {
  profileUrl(channel: ChannelCredentials): string;
  headers(channel: ChannelCredentials): Record<string, string>;
  uploadPhoto(channel: ChannelCredentials, photo: TemplateMediaFile): Promise<string>;
  parseError(result: HttpResult): ProviderError;
}

/** The three calls, in order: business information, about, then the photo. */
export async function updateBusinessProfile(
  access: ProfileAccess,
  channel: ChannelCredentials,
  profile: BusinessProfileUpdate,
  photo: TemplateMediaFile | null,
): Promise<void> {
  const info: Record<string, unknown> = {
    messaging_product: 'whatsapp',
    address: profile.address,
    description: profile.description,
    email: profile.email,
    websites: profile.website ? [profile.website] : [],
  };
  if (profile.vertical) info.vertical = profile.vertical;
  await step('businessInfo', () => post(access, channel, info));
  await step('about', () => post(access, channel, { messaging_product: 'whatsapp', about: profile.about }));
  if (photo) {
    await step('photo', async () => {
      const handle = await access.uploadPhoto(channel, photo);
      await post(access, channel, { messaging_product: 'whatsapp', profile_picture_handle: handle });
    });
  }
}

async function step(name: ProfileStep, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    throw new ProfileStepError(name, error);
  }
}

async function post(access: ProfileAccess, channel: ChannelCredentials, body: object): Promise<void> {
  const result = await postJson(access.profileUrl(channel), body, { headers: access.headers(channel) });
  if (result.status < 200 || result.status >= 300) throw access.parseError(result);
}
