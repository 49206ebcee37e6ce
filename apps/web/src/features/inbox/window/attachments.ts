import {
  CHAT_UPLOAD_MIME_TYPES,
  MAX_FILES_PER_DROP,
  UPLOAD_MESSAGES,
  type UploadValidation,
  uploadErrorSummary,
  validateUploads,
} from '@crm/shared';

export interface AttachmentCheck<F extends { name: string; type: string; size: number }> {
  /** The new files to add to the composer. */
  accepted: F[];
  /** 02 §5: the one message that explains what was refused, or null. */
  error: string | null;
  /** 02 §5: the extra toast when more than 10 files were chosen. */
  toast: string | null;
}

/**
 * 02 §5 Upload, checked before anything is uploaded: the conversation's types, 100 MB (15 MB for mp4/3gp
 * video), and at most 10 files per message batch, counting the files already attached.
 */
export function checkAttachments<F extends { name: string; type: string; size: number }>(
  alreadyAttached: number,
  files: readonly F[],
): AttachmentCheck<F> {
  const room = Math.max(0, MAX_FILES_PER_DROP - alreadyAttached);
  const tooMany = files.length > room;
  const result = validateUploads(files.slice(0, room), { accept: CHAT_UPLOAD_MIME_TYPES });
  const combined: UploadValidation<F> = tooMany
    ? {
        ...result,
        errors: [UPLOAD_MESSAGES.tooManyFiles, ...result.errors],
        toast: UPLOAD_MESSAGES.tooManyFilesToast,
      }
    : result;
  return {
    accepted: result.accepted,
    error: uploadErrorSummary(combined),
    toast: combined.toast ?? null,
  };
}

/** What the file input offers to pick: the same types the rule accepts. */
export const ATTACH_ACCEPT = CHAT_UPLOAD_MIME_TYPES.join(',');
