import {
  CONTACTS_BLOCK_SIZE,
  type ContactsFilter,
  type ContactsPage,
  EXPORT_FILE_NAMES,
  type ExportFormat,
  type ImportContactsResult,
} from '@crm/shared';
import { graphql } from '../../../gql';
import { downloadFile } from '../../../lib/download';
import { apiPost } from '../../../lib/http';
import { sendRequest } from '../../../lib/multipart';

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

/** The product's own import template (02 §2 instructions modal). */
export function downloadImportTemplate(): Promise<void> {
  return downloadFile('/api/importContacts/template', 'plantilla_contactos.xlsx');
}

/** 02 §2 'Exportar': the server streams the file with the panel's current filters. */
export function exportContacts(format: ExportFormat, filter: ContactsFilter): Promise<void> {
  return downloadFile('/api/contacts/export', EXPORT_FILE_NAMES[format], {
    method: 'POST',
    body: { ...filter, format },
  });
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
