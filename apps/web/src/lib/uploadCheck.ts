import {
  CONTENT_SNIFF_BYTES,
  MAX_FILES_PER_DROP,
  resolveContentType,
  UPLOAD_MESSAGES,
  uploadErrorSummary,
  validateUploads,
} from '@crm/shared';

export interface PickedFile {
  file: File;
  /** The type found in the file's bytes (the browser's guess from the name is not trusted). */
  mimeType: string;
  mediaType: 'image' | 'video' | 'document';
}

export interface PickResult {
  accepted: PickedFile[];
  /** One message for the drop zone (01 §5), or null when every file is fine. */
  error: string | null;
  /** 01 §5: 'Solo puedes subir hasta 10 archivos…' when files were discarded. */
  toast: string | null;
}

async function head(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, CONTENT_SNIFF_BYTES).arrayBuffer());
}

/**
 * The shared upload rules (01 §5) for instant feedback: type from the content, size by type, at most
 * `maxFiles` (files beyond it are discarded). The server checks all of it again.
 */
export async function checkPickedFiles(
  files: readonly File[],
  accept: readonly string[],
  maxFiles = MAX_FILES_PER_DROP,
): Promise<PickResult> {
  const kept = files.slice(0, maxFiles);
  const toast = files.length > maxFiles ? UPLOAD_MESSAGES.tooManyFilesToast : null;
  const rejected: Array<{ file: { name: string; type: string; size: number }; error: string }> = [];
  const accepted: PickedFile[] = [];
  for (const file of kept) {
    const candidate = { name: file.name, type: file.type, size: file.size };
    const type = resolveContentType(file.name, await head(file), file.size, accept);
    if (!type.ok) {
      rejected.push({ file: candidate, error: type.error });
      continue;
    }
    const sized = validateUploads([{ ...candidate, type: type.rule.mimeType }], { accept });
    const firstRejection = sized.rejected[0];
    if (firstRejection) {
      rejected.push({ file: candidate, error: firstRejection.error });
      continue;
    }
    accepted.push({ file, mimeType: type.rule.mimeType, mediaType: type.rule.mediaType });
  }
  const errors = [...new Set(rejected.map((r) => r.error))];
  if (toast && !errors.includes(UPLOAD_MESSAGES.tooManyFiles)) errors.unshift(UPLOAD_MESSAGES.tooManyFiles);
  const error = uploadErrorSummary({ accepted: [], rejected, errors });
  return { accepted, error, toast };
}
