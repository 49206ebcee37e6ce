// 01 §9 and 02 §9: business constants. Keep numbers here so the API and the web client agree.

// 01 §5 / §9: credentials and verification.
export const PASSWORD_MIN_LENGTH = 8;
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_RESEND_SECONDS = 60;
export const TOTP_CODE_LENGTH = 6;
export const QR_LIFETIME_MS = 40000;
export const INFO_MODAL_MS = 2500;

// 02 §9: configuration limits.
export const TAGS_LIMIT = 50;
export const WHATSAPP_TEMPLATES_LIMIT = 5;
export const WHATSAPP_SLOTS_LIMIT = 1;
export const TEMPLATE_TEXT_MAX = 1024;
export const TEMPLATE_NAME_MAX = 512;
// 01 §2.7 / 02 §2: template option text is cut at 80 characters, a template name in messages at 20.
export const TEMPLATE_OPTION_TEXT_MAX = 80;
export const TEMPLATE_NAME_IN_MESSAGE_MAX = 20;

// 02 §7 / §9: page sizes of the conversation and message queries.
export const PAGE_SIZES = {
  list: 20,
  search: 100,
  report: 50,
  export: 5000,
  compact: 20,
  broadcast: 50,
  messages: 30,
  afterSpaceSwitch: 10,
} as const;

export const EXTRA_INFO_CHUNK = 1000;

// 02 §4: a status update is retried every 200 ms, up to 10 times.
export const STATUS_RETRY_MS = 200;
export const STATUS_RETRY_MAX = 10;

// 02 §5: priority buckets.
export const PRIORITY_CUTOFFS = [0.333, 0.666] as const;

// 02 §5 / §9: import and contacts table.
export const IMPORT_MAX_CONTACTS = 5000;
export const IMPORT_RESULTS_PAGE_SIZE = 7;
export const CONTACTS_PAGE_SIZE = 7;
export const CONTACTS_BLOCK_SIZE = 50;
export const SEARCH_DEBOUNCE_MS = 900;
export const PAGINATION_PAGES_SHOWN = 5;
export const PAGINATION_MARGIN_PAGES = 1;
// 02 §5: contacts date range kept within one year; default the last 7 days.
export const CONTACTS_RANGE_MAX_DAYS = 365;
export const CONTACTS_DEFAULT_RANGE_DAYS = 7;

// 01 §5 / 02 §5: uploads.
export const MAX_FILES_PER_DROP = 10;
export const MAX_FILE_BYTES = 104857600;
export const DEFAULT_VIDEO_MAX_BYTES = 15000000;
// 02 §5: one image/doc drop zone allows larger videos.
export const DROP_ZONE_VIDEO_MAX_BYTES = 16777216;
export const DEFAULT_ACCEPTED_MIME_TYPES: readonly string[] = [
  'image/jpeg',
  'image/png',
  'application/pdf',
  'application/zip',
  'video/mp4',
];
// 02 §5: template media accepts images, pdf and mp4.
/** 02 §5 "Upload": what the conversation composer accepts (images, videos, documents and archives). */
export const CHAT_UPLOAD_MIME_TYPES: readonly string[] = [
  'image/jpeg',
  'image/jpg',
  'image/png',
  'video/mp4',
  'video/3gpp',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'text/csv',
  'text/plain',
  'application/zip',
  'application/x-zip-compressed',
  'application/x-rar-compressed',
  'application/x-7z-compressed',
];

export const TEMPLATE_MEDIA_MIME_TYPES: readonly string[] = [
  'image/jpeg',
  'image/png',
  'application/pdf',
  'video/mp4',
];

// 02 §5: forwarding.
export const FORWARD_MAX_MESSAGES = 6;
export const FORWARD_MAX_CONTACTS = 2;

// 02 §9: campaign follow-up delays (2 min, 1 h, 24 h, 3 d, 5 d, 10 d, 30 d).
export const CAMPAIGN_FOLLOW_UP_DELAYS_SECONDS = [120, 3600, 86400, 259200, 432000, 864000, 2592000] as const;

// 02 §9: chat-history import ranges.
export const CHAT_HISTORY_RANGES = [
  'all',
  'year',
  'six_months',
  'month',
  'two_weeks',
  'week',
  'day',
] as const;
export type ChatHistoryRange = (typeof CHAT_HISTORY_RANGES)[number];

// 01 §9 / 02 §7: toasts.
export const TOAST_DURATION_MS = 10000;
export const ONLINE_TOAST_MS = 6000;
export const WARNING_TOAST_MS = 15000;

// 01 §9: statistics.
export const ANALYTICS_ROW_CAP = 500;
export const ANALYTICS_DEFAULT_RANGE_DAYS = 15;
// 01 §9: per-company overrides exist (identifiers not shown); these are the allowed values.
export const ANALYTICS_RANGE_OVERRIDES_DAYS = [90, 90, 1080, 31] as const;
export const DASHBOARD_DEFAULT_RANGE_DAYS = 7;

// 01 §5 / §9: WhatsApp business profile.
export const PROFILE_PHOTO_MAX_BYTES = 15 * 1024 * 1024;
export const PROFILE_PHOTO_MAX_SIZE = 640;
export const PROFILE_ABOUT_MAX = 256;
export const PROFILE_PHOTO_MIME_TYPES: readonly string[] = ['image/jpeg', 'image/jpg', 'image/png'];
export const PROFILE_VERTICALS = [
  'Automotive',
  'Beauty Spa and Salon',
  'Clothing and Apparel',
  'Education',
  'Entertainment',
  'Event Planning and Service',
  'Finance and Banking',
  'Food and Grocery',
  'Public Service',
  'Hotel and Lodging',
  'Medical and Health',
  'Non-profit',
  'Professional Services',
  'Shopping and Retail',
  'Travel and Transportation',
  'Restaurant',
  'Other',
] as const;

// 01 §5 / §9: campaigns.
export const CAMPAIGN_MEDIA_NAME_MAX = 50;
export const SUCCESS_OVERLAY_MS = 2000;
// 01 §2.7: only campaigns created after this day are listed.
export const CAMPAIGNS_LISTED_AFTER = '2023-04-24';

// 01 §9: pricing.
export const MXN_RATE = 17;
export const PRICE_PER_UNIT = { BASIC: 0.0499, PRO: 0.0436 } as const;
export const PENALTY_USD = 65;
export const PLAN_AGENT_OPTIONS = [1, 2, 3, 4, 5] as const;
export const PLAN_OFFERS = {
  BASIC: { agents: PLAN_AGENT_OPTIONS, conversations: [100, 200, 400, 600, 800] },
  PRO: { agents: PLAN_AGENT_OPTIONS, conversations: [100, 200, 400, 600, 800, 1000, 1200, 1400, 1600] },
} as const;
export type OfferedPlan = keyof typeof PLAN_OFFERS;
// 01 §7: GET /pricing defaults to 1 agent and 100 conversations.
export const DEFAULT_PLAN_SELECTION = { agents: 1, conversations: 100 } as const;

// 01 §2.6 / §9: payment banner thresholds.
export const PAYMENT_BANNER_EXPIRY_DAYS = 1;

// 01 §3 / 02 §3: the tag palette; the spec fixes the count (7) but not the values. The first is the default.
export const TAG_COLORS = [
  '#1677ff',
  '#52c41a',
  '#faad14',
  '#f5222d',
  '#722ed1',
  '#13c2c2',
  '#eb2f96',
] as const;
export const DEFAULT_TAG_COLOR = TAG_COLORS[0];

// 01 §2.4: the 15 business categories, in order.
export const BUSINESS_CATEGORIES = [
  'automotive',
  'clothing',
  'arts',
  'beauty',
  'education',
  'events',
  'finance',
  'grocery',
  'hotel',
  'health',
  'non-profit',
  'restaurant',
  'retail',
  'travel',
  'other',
] as const;
export type BusinessCategory = (typeof BUSINESS_CATEGORIES)[number];

// Spanish labels for the select; the spec names the categories only in English.
export const BUSINESS_CATEGORY_LABELS: Record<BusinessCategory, string> = {
  automotive: 'Automotriz',
  clothing: 'Ropa y moda',
  arts: 'Arte',
  beauty: 'Belleza',
  education: 'Educación',
  events: 'Eventos',
  finance: 'Finanzas',
  grocery: 'Abarrotes',
  hotel: 'Hotelería',
  health: 'Salud',
  'non-profit': 'Sin fines de lucro',
  restaurant: 'Restaurante',
  retail: 'Comercio minorista',
  travel: 'Viajes',
  other: 'Otro',
};

// 01 §2.4 / 02 §2: phone input defaults. Cook Islands (ck) is in the spec's preferred list as written.
export const DEFAULT_PHONE_COUNTRY = 'mx';
export const PREFERRED_COUNTRIES = ['mx', 'ar', 'bo', 'cl', 'ck', 'ec', 'pe', 'uy', 've'] as const;
// 01 §2.4 / 02 §9: Latin American countries plus Spain.
export const LATAM_COUNTRIES = [
  'ar',
  'bo',
  'br',
  'cl',
  'co',
  'cr',
  'cu',
  'do',
  'ec',
  'sv',
  'gt',
  'ht',
  'hn',
  'mx',
  'ni',
  'pa',
  'py',
  'pe',
  'pr',
  'uy',
  've',
  'es',
] as const;

// 01 §9: daily message limit tiers used at campaign creation; unknown gives 250.
export const DAILY_LIMIT_TIERS = {
  TIER_50: 50,
  TIER_250: 250,
  'TIER_0.25K': 250,
  TIER_1K: 1000,
  // Meta's portfolio limits (since October 2025) add this level.
  TIER_2K: 2000,
  TIER_10K: 10000,
  TIER_100K: 100000,
  NA: 250,
} as const;
export const DEFAULT_DAILY_LIMIT = 250;
export const UNLIMITED_TIER = 'TIER_UNLIMITED';

// 02 §4: reply windows.
export const WINDOW_HOURS = { whatsapp: 24, messenger: 168 } as const;

// 02 §7: import progress text turns white above this percentage.
export const PROGRESS_TEXT_WHITE_ABOVE = 40;

// 02 §9: message times arrive in seconds.
export const MESSAGE_TIME_MULTIPLIER = 1000;

// 02 §9 / 02 §3: media sort options and data-sheet field types.
export const MEDIA_SORT_OPTIONS = ['creationDate', 'name'] as const;
export const DATASHEET_FIELD_TYPES = [
  'string',
  'date',
  'boolean',
  'email',
  'list',
  'number',
  'phone',
] as const;
export type DatasheetFieldType = (typeof DATASHEET_FIELD_TYPES)[number];

// 01 §2.4: onboarding steps in order, then the other steps that exist.
export const ONBOARDING_STEPS = [
  'name',
  'phone',
  'code',
  'business',
  'website',
  'businessCategory',
  'email',
  'password',
  'welcome',
] as const;
export const OTHER_ONBOARDING_STEPS = [
  'plan',
  'payment',
  'previousOnboarding',
  'useOldNumber',
  'review',
] as const;

// 01 §4: broadcast wizard order (selectMultimedia only when the template has header media).
export const BROADCAST_STEPS = [
  'table',
  'type',
  'tags',
  'selectTemplate',
  'selectMultimedia',
  'selectDate',
  'preview',
  'createTag',
  'name',
  'pricing',
  'analytics',
] as const;
export type BroadcastStep = (typeof BROADCAST_STEPS)[number];

export const DEFAULT_TIME_ZONE = 'America/Mexico_City';
