import {
  DEFAULT_ACCEPTED_MIME_TYPES,
  DEFAULT_VIDEO_MAX_BYTES,
  MAX_FILE_BYTES,
  MAX_FILES_PER_DROP,
} from '../limits';

export interface UploadCandidate {
  name: string;
  type: string;
  size: number;
}

export interface UploadOptions {
  // Mime types ('image/png'), wildcards ('image/*') or extensions ('.csv').
  accept?: readonly string[];
  // undefined → 15 MB default; null → no video-specific cap (template media), the general cap applies.
  videoMaxBytes?: number | null;
}

export interface UploadRejection<F extends UploadCandidate> {
  file: F;
  error: string;
}

export interface UploadValidation<F extends UploadCandidate> {
  accepted: F[];
  rejected: UploadRejection<F>[];
  // Distinct messages, in the order they first occurred.
  errors: string[];
  toast?: string;
}

// 01 §5 / 02 §5: literal messages.
export const UPLOAD_MESSAGES = {
  typeNotAllowed: 'Tipo de archivo no permitido',
  emptyOrCorrupt: 'Archivo vacío o corrupto',
  tooManyFiles: 'Límite de 10 archivos excedido',
  tooManyFilesToast: 'Solo puedes subir hasta 10 archivos. Algunos archivos fueron descartados',
  someInvalidPrefix: 'Algunos archivos no son válidos: ',
  // What the upload routes answer about the request itself.
  attachFile: 'Adjunta un archivo.',
  attachAtLeastOne: 'Adjunta al menos un archivo.',
  singleFile: 'Solo puedes adjuntar un archivo.',
  singleImage: 'Solo puedes adjuntar una imagen.',
  unreadable: 'No se pudieron leer los archivos enviados.',
} as const;

export function fileNameTooLongMessage(max: number): string {
  return `El nombre del archivo no debe exceder los ${max} caracteres`;
}

export function fileTooLargeMessage(maxBytes: number): string {
  return `Archivo demasiado grande (máximo ${megabytesLabel(maxBytes)} MB)`;
}

// The spec mixes binary (104857600 = 100 MB) and decimal (15000000 = 15 MB) limits; show whichever is whole.
function megabytesLabel(bytes: number): number {
  const binary = bytes / 1048576;
  return Number.isInteger(binary) ? binary : Math.round(bytes / 1000000);
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot).toLowerCase() : '';
}

function isAccepted(file: UploadCandidate, accept: readonly string[]): boolean {
  const type = file.type.toLowerCase();
  const ext = extensionOf(file.name);
  return accept.some((rule) => {
    const r = rule.toLowerCase();
    if (r.startsWith('.')) return r === ext;
    if (r.endsWith('/*')) return type.startsWith(r.slice(0, -1));
    return r === type;
  });
}

// 02 §5: mp4 and 3gp videos use the caller's maximum.
export function isVideoUpload(file: UploadCandidate): boolean {
  const type = file.type.toLowerCase();
  const ext = extensionOf(file.name);
  return type === 'video/mp4' || type === 'video/3gpp' || ext === '.mp4' || ext === '.3gp';
}

export function validateUploads<F extends UploadCandidate>(
  files: readonly F[],
  options: UploadOptions = {},
): UploadValidation<F> {
  const accept = options.accept ?? DEFAULT_ACCEPTED_MIME_TYPES;
  const videoMax = options.videoMaxBytes === undefined ? DEFAULT_VIDEO_MAX_BYTES : options.videoMaxBytes;
  const errors: string[] = [];
  const addError = (message: string): void => {
    if (!errors.includes(message)) errors.push(message);
  };
  let toast: string | undefined;
  let kept = files;
  if (files.length > MAX_FILES_PER_DROP) {
    // 01 §5: the extra files are discarded, the first ten are still checked.
    kept = files.slice(0, MAX_FILES_PER_DROP);
    addError(UPLOAD_MESSAGES.tooManyFiles);
    toast = UPLOAD_MESSAGES.tooManyFilesToast;
  }
  const accepted: F[] = [];
  const rejected: UploadRejection<F>[] = [];
  for (const file of kept) {
    const maxBytes = isVideoUpload(file) && videoMax !== null ? videoMax : MAX_FILE_BYTES;
    let error: string | null = null;
    if (!isAccepted(file, accept)) error = UPLOAD_MESSAGES.typeNotAllowed;
    else if (file.size <= 0) error = UPLOAD_MESSAGES.emptyOrCorrupt;
    else if (file.size > maxBytes) error = fileTooLargeMessage(maxBytes);
    if (error === null) {
      accepted.push(file);
    } else {
      rejected.push({ file, error });
      addError(error);
    }
  }
  return toast === undefined ? { accepted, rejected, errors } : { accepted, rejected, errors, toast };
}

// 01 §5: one message for the drop zone: the single reason when all rejections agree, otherwise the list.
export function uploadErrorSummary<F extends UploadCandidate>(result: UploadValidation<F>): string | null {
  if (result.errors.length === 0) return null;
  if (result.errors.length === 1) return result.errors[0] ?? null;
  const names = result.rejected.map((r) => r.file.name);
  return names.length > 0
    ? `${UPLOAD_MESSAGES.someInvalidPrefix}${names.join(', ')}`
    : (result.errors[0] ?? null);
}

// 01 §2.9 / 02 §2: sizes show in KB, then MB.
export function formatFileSize(bytes: number): string {
  const round = (n: number): string => String(Math.round(n * 100) / 100);
  if (bytes < 1048576) return `${round(bytes / 1024)} KB`;
  return `${round(bytes / 1048576)} MB`;
}
