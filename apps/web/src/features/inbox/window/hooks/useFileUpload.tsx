import { CHAT_UPLOAD_MIME_TYPES, uploadErrorSummary, validateUploads } from '@crm/shared';
import { type ReactElement, useRef, useState } from 'react';
import { resolveError } from '../../../../lib/errors';
import { type UploadedFile, uploadFile } from '../api/upload.rest';

interface FileUpload {
  /** The hidden file input: render it once inside the form. */
  input: ReactElement;
  /** Opens the browser's file picker. */
  pick: () => void;
  uploading: boolean;
  /** Why the last file was refused or failed to upload; null when it went well. */
  problem: string | null;
}

/**
 * One file picked, checked with the composer's attachment rule (same types and limits, 02 §5) and uploaded; the
 * bot's reply file and the panel's follow-up file.
 */
export function useFileUpload(onUploaded: (file: UploadedFile) => void, testId: string): FileUpload {
  const picker = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const attach = async (file: File) => {
    const summary = uploadErrorSummary(validateUploads([file], { accept: CHAT_UPLOAD_MIME_TYPES }));
    setProblem(summary);
    if (summary) return;
    setUploading(true);
    try {
      onUploaded(await uploadFile(file));
    } catch (error) {
      setProblem(resolveError(error).userMessage);
    } finally {
      setUploading(false);
    }
  };

  const input = (
    <input
      ref={picker}
      type="file"
      hidden
      accept={CHAT_UPLOAD_MIME_TYPES.join(',')}
      data-testid={testId}
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) void attach(file);
      }}
    />
  );
  return { input, pick: () => picker.current?.click(), uploading, problem };
}
