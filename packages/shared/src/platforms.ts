/**
 * The one table that decides per channel platform (issue 15 §2). API, SQL parameters and web read it; nothing
 * else compares a platform to a literal (src/platforms.test.ts and the API's layer test check that), except
 * the provider adapters, which are one platform each.
 */
export const CHANNEL_PLATFORMS = ['whatsapp_cloud', 'dialog360', 'messenger', 'sms', 'sandbox'] as const;
export type ChannelPlatform = (typeof CHANNEL_PLATFORMS)[number];

/** What the user sees a channel as: the icon and the family name. */
export type ChannelFamily = 'whatsapp' | 'messenger' | 'sms' | 'sandbox';

/** 01 §4 messaging windows: 24 h on WhatsApp, 7 days on Messenger (its human-agent tag), none on SMS. */
export type ReplyWindowKind = 'whatsapp' | 'messenger';

export interface PlatformCapabilities {
  /** The name agents see on a conversation. */
  label: string;
  /** The name administrators see on a channel: says which provider connects it. */
  channelLabel: string;
  family: ChannelFamily;
  /** The customer's id on the platform is a phone number (contacts, import, phone privacy, display). */
  phoneBased: boolean;
  /** Sends approved WhatsApp templates, the only thing allowed outside the reply window. */
  templates: boolean;
  /** The reply window that applies to free messages, or null when free messages are always allowed. */
  replyWindow: ReplyWindowKind | null;
  /** Conversations appear in the inbox lists (02 §5: SMS channels are excluded from normal lists). */
  listedInInbox: boolean;
  /** Renders WhatsApp markup (*bold*), so an agent's name can be sent in bold. */
  rendersMarkup: boolean;
  /** The error code of a free message refused because the window is closed. */
  windowClosedError: 'TEMPLATE_REQUIRED' | 'FACEBOOK_MESSAGE_ERROR';
  /** The webhook path segment the provider posts to (`/webhooks/{segment}`). */
  webhookSegment: string | null;
  /** The channel's access token expires and is renewed from the provider ('Actualizar vencimiento'). */
  tokenExpires: boolean;
  /** The channel is a linked-device slot that is paired and logged out ('Vincular', 'Cerrar sesión'). */
  linkedDevice: boolean;
  /** The customer simulator can write to it (no provider account needed: the demo channel). */
  simulator: boolean;
  /** Channels are created and kept in step from the provider's list (Messenger: the user's Facebook Pages). */
  pageSync: boolean;
}

export const PLATFORMS: Readonly<Record<ChannelPlatform, PlatformCapabilities>> = {
  whatsapp_cloud: {
    label: 'WhatsApp',
    channelLabel: 'WhatsApp',
    family: 'whatsapp',
    phoneBased: true,
    templates: true,
    replyWindow: 'whatsapp',
    listedInInbox: true,
    rendersMarkup: true,
    windowClosedError: 'TEMPLATE_REQUIRED',
    webhookSegment: 'whatsapp',
    tokenExpires: false,
    linkedDevice: false,
    simulator: false,
    pageSync: false,
  },
  dialog360: {
    label: 'WhatsApp',
    channelLabel: 'WhatsApp (360dialog)',
    family: 'whatsapp',
    phoneBased: true,
    templates: true,
    replyWindow: 'whatsapp',
    listedInInbox: true,
    rendersMarkup: true,
    windowClosedError: 'TEMPLATE_REQUIRED',
    webhookSegment: '360dialog',
    tokenExpires: false,
    linkedDevice: false,
    simulator: false,
    pageSync: false,
  },
  messenger: {
    label: 'Messenger',
    channelLabel: 'Messenger',
    family: 'messenger',
    phoneBased: false,
    templates: false,
    replyWindow: 'messenger',
    listedInInbox: true,
    rendersMarkup: false,
    windowClosedError: 'FACEBOOK_MESSAGE_ERROR',
    webhookSegment: 'messenger',
    tokenExpires: true,
    linkedDevice: false,
    simulator: false,
    pageSync: true,
  },
  sms: {
    label: 'SMS',
    channelLabel: 'SMS',
    family: 'sms',
    phoneBased: true,
    templates: false,
    replyWindow: null,
    listedInInbox: false,
    rendersMarkup: false,
    windowClosedError: 'TEMPLATE_REQUIRED',
    webhookSegment: 'sms',
    tokenExpires: false,
    linkedDevice: false,
    simulator: false,
    pageSync: false,
  },
  // The demo channel behaves as WhatsApp so a new user sees the real rules (window, templates, markup).
  sandbox: {
    label: 'WhatsApp de prueba',
    channelLabel: 'WhatsApp de prueba',
    family: 'sandbox',
    phoneBased: true,
    templates: true,
    replyWindow: 'whatsapp',
    listedInInbox: true,
    rendersMarkup: true,
    windowClosedError: 'TEMPLATE_REQUIRED',
    webhookSegment: null,
    tokenExpires: false,
    linkedDevice: true,
    simulator: true,
    pageSync: false,
  },
};

export function isChannelPlatform(value: string): value is ChannelPlatform {
  return (CHANNEL_PLATFORMS as readonly string[]).includes(value);
}

/** The capabilities of a platform, or null for a value that is not one (old rows, bad input). */
export function platformOf(platform: string): PlatformCapabilities | null {
  return isChannelPlatform(platform) ? PLATFORMS[platform] : null;
}

/** The platforms with a capability: what SQL receives as a parameter (`platform = ANY($n)`). */
export function platformsWhere(test: (capabilities: PlatformCapabilities) => boolean): ChannelPlatform[] {
  return CHANNEL_PLATFORMS.filter((platform) => test(PLATFORMS[platform]));
}

export const isPhoneBased = (platform: string): boolean => platformOf(platform)?.phoneBased ?? false;
export const sendsTemplates = (platform: string): boolean => platformOf(platform)?.templates ?? false;
// Unknown values are listed, as the list's SQL excludes only the platforms the table leaves out.
export const isListedInInbox = (platform: string): boolean => platformOf(platform)?.listedInInbox ?? true;
export const platformLabel = (platform: string): string => platformOf(platform)?.label ?? 'Canal';
export const channelPlatformLabel = (platform: string): string =>
  platformOf(platform)?.channelLabel ?? 'Canal';
export const replyWindowOf = (platform: string): ReplyWindowKind | null =>
  platformOf(platform)?.replyWindow ?? null;
