import {
  type BusinessProfileFields,
  imageInfo,
  LINKING_QR_LIFETIME_MS,
  linkedPhoneDisplay,
  PROFILE_ABOUT_MAX,
  PROFILE_PHOTO_EXTENSIONS,
  PROFILE_PHOTO_MAX_BYTES,
  PROFILE_TEXT_MAX,
  PROFILE_VERTICALS,
  profileFieldsFault,
  profilePhotoFault,
  profileVerticalName,
  WHATSAPP_LINKING_MESSAGES,
} from '@crm/shared';

/**
 * The one place the linking pages read their rules and texts from (01 §2.5, §5, §8, §9): packages/shared's
 * whatsapp-linking module, which the API checks with too, plus the Spanish labels of the vertical options.
 */
export { LINKING_QR_LIFETIME_MS, PROFILE_ABOUT_MAX, PROFILE_TEXT_MAX, profileVerticalName };

export const CONNECTING_MESSAGE = WHATSAPP_LINKING_MESSAGES.linking;
export const LINKED_MESSAGE = WHATSAPP_LINKING_MESSAGES.linked;
export const LINKING_ERROR_MESSAGE = WHATSAPP_LINKING_MESSAGES.linkingError;
export const BOOKED_MESSAGE = WHATSAPP_LINKING_MESSAGES.booked;
export const ASK_HELP_LABEL = 'Solicitar asistencia para configurar';
export const SELF_SETUP_LABEL = 'Terminar configuración yo mismo';
export const DESKTOP_ONLY_MESSAGE =
  'Para vincular tu número de WhatsApp inicia sesión desde una computadora de escritorio.';

/** 01 §2.5: '521…' shows as '+52 …', any other number as '+' and the number. */
export const displayLinkedPhone = linkedPhoneDisplay;

/** 01 §2.5: what the user needs before linking a number. */
export const LINKING_REQUIREMENTS: readonly string[] = [
  'El teléfono con la SIM física del número que vas a vincular.',
  'La página web de tu negocio.',
  'Un correo electrónico corporativo.',
  'Una cuenta con permisos de administrador de la página de tu negocio en redes sociales.',
];

// 01 §5: the vertical options; the value sent is the spec's name (the API maps it to the provider's enum).
export type ProfileVertical = (typeof PROFILE_VERTICALS)[number];
const VERTICAL_LABELS: Record<ProfileVertical, string> = {
  Automotive: 'Automotriz',
  'Beauty Spa and Salon': 'Belleza, spa y salón',
  'Clothing and Apparel': 'Ropa y accesorios',
  Education: 'Educación',
  Entertainment: 'Entretenimiento',
  'Event Planning and Service': 'Planeación de eventos y servicios',
  'Finance and Banking': 'Finanzas y banca',
  'Food and Grocery': 'Alimentos y abarrotes',
  'Public Service': 'Servicio público',
  'Hotel and Lodging': 'Hoteles y hospedaje',
  'Medical and Health': 'Medicina y salud',
  'Non-profit': 'Organización sin fines de lucro',
  'Professional Services': 'Servicios profesionales',
  'Shopping and Retail': 'Compras y comercio minorista',
  'Travel and Transportation': 'Viajes y transporte',
  Restaurant: 'Restaurante',
  Other: 'Otro',
};
export const VERTICAL_OPTIONS: ReadonlyArray<{ value: string; label: string }> = PROFILE_VERTICALS.map(
  (value) => ({ value, label: VERTICAL_LABELS[value] }),
);

/** 01 §5: the photo picker offers jpg, jpeg and png. */
export const PROFILE_PHOTO_ACCEPT = [
  ...PROFILE_PHOTO_EXTENSIONS.map((extension) => `.${extension}`),
  'image/jpeg',
  'image/png',
].join(',');

// A JPEG's frame header may follow a long EXIF segment; the API reads as much for the same check.
const PHOTO_HEAD_BYTES = 256 * 1024;

async function photoBytes(file: File, length: number): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, length).arrayBuffer());
}

/**
 * 01 §5 photo rules, with the shared check the API runs on the upload: the extension, what the bytes are, 15 MB
 * and 640×640 read from the image itself. Null when the photo is fine.
 */
export async function checkProfilePhoto(file: File): Promise<string | null> {
  let image = imageInfo(await photoBytes(file, PHOTO_HEAD_BYTES));
  if (image && image.width === 0 && file.size > PHOTO_HEAD_BYTES && file.size <= PROFILE_PHOTO_MAX_BYTES) {
    // The frame header is further on: read the whole (allowed-size) file.
    image = imageInfo(await photoBytes(file, file.size));
  }
  return profilePhotoFault({ fileName: file.name, size: file.size, image });
}

const NO_FIELDS: BusinessProfileFields = {
  about: '',
  website: '',
  vertical: '',
  email: '',
  description: '',
  address: '',
};

/** One field's fault by the shared profile rules (the API's texts), or null. */
export function profileFieldError(field: keyof BusinessProfileFields, value: string): string | null {
  // The API trims every field before its check.
  const fault = profileFieldsFault({ ...NO_FIELDS, [field]: value.trim() });
  return fault?.field === field ? fault.message : null;
}

/**
 * 360dialog's Connect redirect: `channels=[id1,id2]` (ids without quotes); a JSON array or a plain comma list is
 * read too.
 */
export function parseChannelsParam(raw: string | null): string[] {
  if (!raw) return [];
  return raw
    .replace(/^\s*\[|\]\s*$/g, '')
    .split(',')
    .map((id) => id.trim().replace(/^"|"$/g, ''))
    .filter((id) => id !== '');
}
