import {
  type ApiErrorBody,
  CONTACTS_BLOCK_SIZE,
  type ContactsFilter,
  type ContactsPage,
  EXPORT_FILE_NAMES,
  type ExportFormat,
  type ImportContactsResult,
  OFFLINE_WARNING_MESSAGE,
} from '@crm/shared';
import { graphql } from '../../../gql';
import { ApiError, NETWORK_ERROR_CODE } from '../../../lib/api-error';
import { isSessionErrorCode } from '../../../lib/errors';
import { apiPost } from '../../../lib/http';
import { sendRequest } from '../../../lib/multipart';
import { endSession } from '../../../lib/session';
import { getToken } from '../../../lib/storage';

/** 02 §7: the contacts panel reads /conversations_by_filter with `custom: true`, 50 at a time. */
export function fetchContactsBlock(filter: ContactsFilter, after: string | null): Promise<ContactsPage> {
  return apiPost<ContactsPage>('/conversations_by_filter', {
    ...filter,
    custom: true,
    first: CONTACTS_BLOCK_SIZE,
    ...(after ? { after } : {}),
  });
}

export function importContacts(
  file: File,
  channelId: number,
  onProgress: (percent: number) => void,
): Promise<ImportContactsResult> {
  const form = new FormData();
  form.append('channelId', String(channelId));
  form.append('file', file);
  return sendRequest<ImportContactsResult>({
    method: 'POST',
    path: '/importContacts',
    body: form,
    onProgress,
  });
}

/** Saves a response body as a file, the way a link with `download` would. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

async function download(path: string, init: RequestInit, fileName: string): Promise<void> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      ...init,
      headers: { ...(init.headers ?? {}), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch {
    throw new ApiError(0, { code: NETWORK_ERROR_CODE, userMessage: OFFLINE_WARNING_MESSAGE });
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => ({}));
    const error = new ApiError(
      response.status,
      typeof body === 'object' && body !== null ? (body as Partial<ApiErrorBody>) : {},
    );
    if (token && isSessionErrorCode(error.code)) endSession();
    throw error;
  }
  saveBlob(await response.blob(), fileName);
}

/** The product's own import template (02 §2 instructions modal). */
export function downloadImportTemplate(): Promise<void> {
  return download('/importContacts/template', { method: 'GET' }, 'plantilla_contactos.xlsx');
}

/** 02 §2 'Exportar': the server streams the file with the panel's current filters. */
export function exportContacts(format: ExportFormat, filter: ContactsFilter): Promise<void> {
  return download(
    '/contacts/export',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...filter, format }),
    },
    EXPORT_FILE_NAMES[format],
  );
}

export const CREATE_CLIENT = graphql(`
  mutation CreateContact($input: CreateClientInput!) {
    createClient(input: $input) {
      id
      senderId
      name
    }
  }
`);

export const UPDATE_CLIENT_PHONE = graphql(`
  mutation UpdateContactPhone($clientId: Int!, $phone: String!) {
    updateClientPhone(clientId: $clientId, phone: $phone) {
      id
      senderId
    }
  }
`);
