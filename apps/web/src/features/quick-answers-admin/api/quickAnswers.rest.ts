import { shortcutForApi } from '@crm/shared';
import { sendRequest } from '../../../lib/multipart';
import type { AdminQuickAnswer } from './quickAnswersAdmin.graphql';

export interface QuickAnswerDraft {
  /** As typed, with its '/'. */
  shortcut: string;
  text: string;
  file: File | null;
  /** Drops the saved file (edit only). */
  removeFile: boolean;
}

/**
 * 02 §7 POST /createQuickAnswer and /updateQuickAnswer (multipart: id or spaceId, shortcut without its first
 * character, text, file, weight, fileName, fileType).
 */
export function saveQuickAnswer(
  target: { id: number } | { spaceId: number | null },
  draft: QuickAnswerDraft,
): Promise<AdminQuickAnswer> {
  const form = new FormData();
  if ('id' in target) form.append('id', String(target.id));
  else if (target.spaceId !== null) form.append('spaceId', String(target.spaceId));
  form.append('shortcut', shortcutForApi(draft.shortcut.trim()));
  form.append('text', draft.text);
  if (draft.file) {
    form.append('file', draft.file, draft.file.name);
    form.append('fileName', draft.file.name);
    form.append('weight', String(draft.file.size));
    form.append('fileType', draft.file.type);
  }
  if ('id' in target && draft.removeFile && !draft.file) form.append('removeFile', 'true');
  return sendRequest<AdminQuickAnswer>({
    method: 'POST',
    path: 'id' in target ? '/updateQuickAnswer' : '/createQuickAnswer',
    body: form,
  });
}
