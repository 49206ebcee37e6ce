// Issue 19, 01 §2.5 / §5 / §9: linking a WhatsApp number (360dialog Connect, Meta's embedded signup or the
// sandbox), the business profile form's rules, the QR page and the booking of an expert's help. The API and the
// web read the same rules and texts from here.
import { type EmailText, escapeHtml } from './auth';
import { CompanyStatus } from './company';
import {
  PROFILE_ABOUT_MAX,
  PROFILE_PHOTO_MAX_BYTES,
  PROFILE_PHOTO_MAX_SIZE,
  PROFILE_VERTICALS,
  QR_LIFETIME_MS,
} from './limits';
import { VALIDATION_MESSAGES } from './rules/validation';

// 01 §5 / §9 limits and texts live in limits.ts and rules/validation.ts; these add the bytes-level checks.
export const PROFILE_PHOTO_EXTENSIONS: readonly string[] = ['jpg', 'jpeg', 'png'];

// Cloud API's whatsapp_business_profile caps (Meta's reference); ours are the form's, these the provider's.
export const PROFILE_TEXT_MAX = { description: 512, address: 256, email: 128, website: 256 } as const;

export const WHATSAPP_LINKING_MESSAGES = {
  photoTooLarge: VALIDATION_MESSAGES.profilePhotoSize,
  photoTooBig: VALIDATION_MESSAGES.profilePhotoDimensions,
  photoType: VALIDATION_MESSAGES.fileType,
  photoUnreadable: 'No pudimos leer la imagen. Intenta con otro archivo.',
  aboutTooLong: VALIDATION_MESSAGES.profileAbout,
  textTooLong: 'El texto es demasiado largo',
  emailInvalid: 'Correo invalido',
  websiteInvalid: 'El sitio web no es válido',
  verticalInvalid: 'Selecciona una categoría de la lista',
  linking: 'Conectando WhatsApp, no cierres esta ventana...',
  linked: 'Número vinculado con exito, puedes cerrar esta ventana.',
  linkingError: 'Hubo un error al vincular tu número de WhatsApp. Por favor, contacta al equipo de soporte.',
  noWhatsappChannel: 'Tu empresa todavía no tiene un número de WhatsApp vinculado.',
  sandboxOnly: 'La vinculación de prueba solo está disponible sin una cuenta de WhatsApp configurada.',
  providerNotConfigured: 'Este método de vinculación no está configurado.',
  channelsRequired: 'Indica al menos un canal',
  booked: 'En breve un experto se pondrá en contacto contigo para ayudarte a vincular tu número de WhatsApp.',
  bookingDateInvalid: 'La fecha de la cita no es válida',
} as const;

/** The Cloud API's `vertical` enum value of each of 01 §5's options (PROFILE_VERTICALS, the spec's names). */
export const PROFILE_VERTICAL_VALUES: Readonly<Record<(typeof PROFILE_VERTICALS)[number], string>> = {
  Automotive: 'AUTO',
  'Beauty Spa and Salon': 'BEAUTY',
  'Clothing and Apparel': 'APPAREL',
  Education: 'EDU',
  Entertainment: 'ENTERTAIN',
  'Event Planning and Service': 'EVENT_PLAN',
  'Finance and Banking': 'FINANCE',
  'Food and Grocery': 'GROCERY',
  'Public Service': 'GOVT',
  'Hotel and Lodging': 'HOTEL',
  'Medical and Health': 'HEALTH',
  'Non-profit': 'NONPROFIT',
  'Professional Services': 'PROF_SERVICES',
  'Shopping and Retail': 'RETAIL',
  'Travel and Transportation': 'TRAVEL',
  Restaurant: 'RESTAURANT',
  Other: 'OTHER',
};

/**
 * The spec's name of a vertical given either as that name (what the form sends) or as its Cloud API enum value
 * (what the provider answers); null for anything else.
 */
export function profileVerticalName(value: string): (typeof PROFILE_VERTICALS)[number] | null {
  for (const name of PROFILE_VERTICALS) {
    if (name === value || PROFILE_VERTICAL_VALUES[name] === value) return name;
  }
  return null;
}

/** What GET /api/link-whatsapp/profile answers and POST stores (01 §3 WhatsApp business profile). */
export interface BusinessProfileView {
  about: string;
  website: string;
  vertical: string;
  email: string;
  description: string;
  address: string;
  photoUrl: string | null;
}

export interface BusinessProfileFields {
  about: string;
  website: string;
  vertical: string;
  email: string;
  description: string;
  address: string;
}

export interface FieldFault {
  field: string;
  message: string;
}

/**
 * The profile form's text rules (01 §5): the first fault, or null. Every field may be empty (the provider keeps an
 * empty one empty); 'about' under 256 characters; website a URL; e-mail an address; vertical one of the list.
 */
export function profileFieldsFault(fields: BusinessProfileFields): FieldFault | null {
  const m = WHATSAPP_LINKING_MESSAGES;
  if ([...fields.about].length >= PROFILE_ABOUT_MAX) return { field: 'about', message: m.aboutTooLong };
  if (fields.website !== '' && !isHttpUrl(fields.website))
    return { field: 'website', message: m.websiteInvalid };
  if ([...fields.website].length > PROFILE_TEXT_MAX.website)
    return { field: 'website', message: m.textTooLong };
  if (fields.email !== '' && !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(fields.email))
    return { field: 'email', message: m.emailInvalid };
  if ([...fields.email].length > PROFILE_TEXT_MAX.email) return { field: 'email', message: m.textTooLong };
  if (fields.vertical !== '' && profileVerticalName(fields.vertical) === null)
    return { field: 'vertical', message: m.verticalInvalid };
  if ([...fields.description].length > PROFILE_TEXT_MAX.description)
    return { field: 'description', message: m.textTooLong };
  if ([...fields.address].length > PROFILE_TEXT_MAX.address)
    return { field: 'address', message: m.textTooLong };
  return null;
}

// The shared package has no URL global (no DOM or Node types): an http(s) URL with a host, by its shape.
function isHttpUrl(value: string): boolean {
  return /^https?:\/\/[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?([/?#]\S*)?$/i.test(
    value,
  );
}

export interface ProfilePhotoFacts {
  /** The file name as uploaded: its extension must be jpg, jpeg or png. */
  fileName: string;
  size: number;
  /** What the bytes are (imageInfo), or null when they are neither a PNG nor a JPEG. */
  image: ImageInfo | null;
}

/** 01 §5 photo rules in the form's order: type, then 15 MB, then 640×640. The first fault, or null. */
export function profilePhotoFault(photo: ProfilePhotoFacts): string | null {
  const m = WHATSAPP_LINKING_MESSAGES;
  const extension = photo.fileName.toLowerCase().split('.').pop() ?? '';
  if (!PROFILE_PHOTO_EXTENSIONS.includes(extension) || photo.image === null) return m.photoType;
  if (photo.size > PROFILE_PHOTO_MAX_BYTES) return m.photoTooLarge;
  if (photo.image.width === 0 || photo.image.height === 0) return m.photoUnreadable;
  if (photo.image.width > PROFILE_PHOTO_MAX_SIZE || photo.image.height > PROFILE_PHOTO_MAX_SIZE)
    return m.photoTooBig;
  return null;
}

export interface ImageInfo {
  mimeType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

/**
 * The type and size an image's bytes declare: PNG's IHDR (the first chunk) or a JPEG's first SOF marker. Null when
 * the bytes are neither, or too short to say; width and height 0 when a JPEG ends before its frame header.
 */
export function imageInfo(bytes: Uint8Array): ImageInfo | null {
  const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 24 && PNG.every((b, i) => bytes[i] === b)) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { mimeType: 'image/png', width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { mimeType: 'image/jpeg', ...jpegSize(bytes) };
  }
  return null;
}

function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  let i = 2;
  while (i + 9 < bytes.length) {
    if (bytes[i] !== 0xff) {
      i += 1;
      continue;
    }
    const marker = bytes[i + 1];
    // Fill bytes, and the markers without a length (TEM, RSTn).
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const length = (bytes[i + 2] << 8) | bytes[i + 3];
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC): the frame header holds height then width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (bytes[i + 5] << 8) | bytes[i + 6], width: (bytes[i + 7] << 8) | bytes[i + 8] };
    }
    i += 2 + length;
  }
  return { width: 0, height: 0 };
}

/** 01 §2.5: numbers starting with 521 show as +52 followed by the rest; others as + and the number. */
export function linkedPhoneDisplay(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.startsWith('521')) return `+52 ${digits.slice(3)}`;
  return `+${digits}`;
}

/**
 * The company's status once a number is linked: AWAITING_WA_VINCULATION moves on, to TRIAL while the subscription
 * is still in its trial and to ACTIVE once paid; any other status is not the linking's to change.
 */
export function statusAfterLinking(status: CompanyStatus | string, inTrial: boolean): CompanyStatus | string {
  if (status !== CompanyStatus.AWAITING_WA_VINCULATION) return status;
  return inTrial ? CompanyStatus.TRIAL : CompanyStatus.ACTIVE;
}

/** 01 §9: the QR page's link lives this long. */
export const LINKING_QR_LIFETIME_MS = QR_LIFETIME_MS;

/** The wa.me link of the QR page: the customer's first message to the company's number. */
export function linkingQrLink(phone: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}?text=Hola`;
}

/** GET /api/link-whatsapp/config (`dialog360`: the Connect flow's partner, when configured). */
export type WhatsappLinkingConfigView = {
  sandbox: boolean;
  meta: { appId: string; configId: string } | null;
  schedulingUrl: string | null;
} & Record<'dialog360', { partnerId: string; connectUrl: string } | null>;

/** What every linking call answers. */
export interface LinkedChannelsView {
  channels: Array<{ id: number; name: string; phone: string | null; platform: string }>;
}

/** GET /api/link-whatsapp/qr. */
export interface LinkingQrView {
  phone: string;
  link: string;
  expiresAt: string;
}

/** Real-time 'status' on onboarding_{companyId} and 'qr' on phone_{phone} (01 §7). */
export interface LinkingStatusPayload {
  success: boolean;
  channelIds?: number[];
}
export interface LinkingQrPayload {
  success: boolean;
}

/** POST /api/onboarding/booking. */
export interface LinkingBookingView {
  booked: true;
  message: string;
}

/** The mail support gets for a booked linking session. */
export function linkingBookingEmail(booking: {
  businessName: string;
  companyId: number;
  eventStartTime: string | null;
  inviteeEmail: string | null;
  inviteeName: string | null;
  eventUri: string | null;
}): EmailText {
  const rows: Array<[string, string]> = [
    ['Negocio', booking.businessName],
    ['Compañía', String(booking.companyId)],
    ['Fecha', booking.eventStartTime ?? '—'],
    ['Nombre', booking.inviteeName ?? '—'],
    ['Correo', booking.inviteeEmail ?? '—'],
    ['Evento', booking.eventUri ?? '—'],
  ];
  const intro = 'Un cliente agendó una cita para vincular su número de WhatsApp.';
  return {
    subject: `Cita para vincular WhatsApp: ${booking.businessName}`,
    text: `${intro}\n${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}`,
    html: `<p>${intro}</p><ul>${rows.map(([k, v]) => `<li><strong>${k}:</strong> ${escapeHtml(v)}</li>`).join('')}</ul>`,
  };
}
