// 02 §2 "Contacts panel", §3 (Contact report row, Import result row), §5 "Contacts" and "Import", §7.
import { COMMUNITY_MANAGER_ROLE, ROLE_NAMES } from './permissions';
import { isValidPhone } from './rules/phone';
import { VALIDATION_MESSAGES } from './rules/validation';

/** 'Filtrar contactos por': 'Últimos Creados' (createdAt) or 'Últimos Activos' (lastUpdate). */
export type ContactsFilterBy = 'createdAt' | 'lastUpdate';

export const CONTACTS_FILTER_LABELS: Record<ContactsFilterBy, string> = {
  createdAt: 'Últimos Creados',
  lastUpdate: 'Últimos Activos',
};

/** The contacts panel's filters: the same body as POST /api/conversations_by_filter with `custom: true`. */
export interface ContactsFilter {
  filterContactsBy?: ContactsFilterBy;
  /** ISO instants, inclusive. */
  createdAtFrom?: string | null;
  createdAtTo?: string | null;
  keyword?: string | null;
  agentId?: number | null;
  tagsIds?: number[];
}

/** 02 §3 Contact report row, as the contacts table and every export show it. */
export interface ContactReportRow {
  id: number;
  /** First word of the name the channel gave. */
  nameFromChannel: string | null;
  lastName: string | null;
  name: string | null;
  /** Agent's name. */
  agent: string | null;
  /** Tag names, comma joined. */
  tags: string;
  tagIds: number[];
  /** Platform label (WhatsApp, Messenger, SMS…); the spec's field name. */
  plataform: string;
  channel: string;
  channelId: number;
  /** Displayed phone; null without canSeePhoneNumber (enforced by the server). */
  number: string | null;
  /** DD-MM-YYYY HH:mm in the company's time zone. */
  createdAt: string;
  lastUpdate: string;
  email: string | null;
  plaza: string | null;
  /** Data-sheet values by field name. */
  extraInfo: Array<{ name: string; value: string }>;
}

/** POST /api/conversations_by_filter with `custom: true`. */
export interface ContactsPage {
  clients: ContactReportRow[];
  hasMore: boolean;
  cursor: string | null;
}

export type ExportFormat = 'pdf' | 'csv' | 'xlsx';

/** 02 §2: the files' names. */
export const EXPORT_FILE_NAMES: Record<ExportFormat, string> = {
  pdf: 'Contactos.pdf',
  csv: 'clientes.csv',
  xlsx: 'clientes.xlsx',
};

/** The report's columns, in order, with their Spanish headings (exports and the table). */
export const CONTACT_REPORT_COLUMNS = [
  { key: 'nameFromChannel', title: 'Nombre' },
  { key: 'lastName', title: 'Apellido' },
  { key: 'agent', title: 'Agente' },
  { key: 'tags', title: 'Etiquetas' },
  { key: 'plataform', title: 'Plataforma' },
  { key: 'channel', title: 'Canal' },
  { key: 'number', title: 'Número' },
  { key: 'createdAt', title: 'Fecha de creación' },
  { key: 'lastUpdate', title: 'Última actividad' },
] as const satisfies ReadonlyArray<{ key: keyof ContactReportRow; title: string }>;

/** Columns shown to this viewer: the phone only with canSeePhoneNumber (02 §5). */
export function contactReportColumns(canSeePhoneNumber: boolean): ReadonlyArray<{
  key: keyof ContactReportRow;
  title: string;
}> {
  return CONTACT_REPORT_COLUMNS.filter((c) => canSeePhoneNumber || c.key !== 'number');
}

/** 02 §6: only admin, superadmin and the community-manager role export and pick another agent. */
export function canExportContacts(roleName: string): boolean {
  return (
    roleName === ROLE_NAMES.admin || roleName === ROLE_NAMES.superadmin || roleName === COMMUNITY_MANAGER_ROLE
  );
}

/** First word of a name ('María José García' → 'María'); null when there is none. */
export function firstWord(name: string | null | undefined): string | null {
  const word = name?.trim().split(/\s+/)[0];
  return word ? word : null;
}

// ---- import ---------------------------------------------------------------------------------------------

export type ImportRowStatus = 'creado' | 'duplicado' | 'error';

/** 02 §3 Import result row. */
export interface ImportResultRow {
  /** Phone as written in the file, or the name when there is no phone. */
  number: string;
  status: ImportRowStatus;
  message: string;
}

/** POST /api/importContacts answer (02 §7). */
export interface ImportContactsResult {
  /** Contacts created. */
  importContacts: number;
  newClientsDataResult: ImportResultRow[];
  /** 'success': every row created or duplicated; 'partial': some rows failed; 'error': none created. */
  finalStatus: 'success' | 'partial' | 'error';
  /** Issue 22: the import's record, whose report (GET /api/contactImports/{id}) outlives a crash of the server. */
  importId?: number;
}

/** Issue 22: 'running' while its server works on it; 'interrupted' when that server stopped before the end. */
export type ContactImportState = 'running' | 'finished' | 'interrupted';

/** A report row: 'pendiente' while a running import has not reached it yet. */
export interface ContactImportReportRow {
  number: string;
  status: ImportRowStatus | 'pendiente';
  message: string;
}

/** GET /api/contactImports/{id} (issue 22): what an import wrote and what it did not, even after a crash. */
export interface ContactImportReport {
  id: number;
  channelId: number;
  fileName: string;
  status: ContactImportState;
  total: number;
  /** Contacts created. */
  created: number;
  /** Rows with no contact written: errors, and rows an interrupted import never reached. */
  notImported: number;
  startedAt: string;
  finishedAt: string | null;
  /** Every row of the file, in order (absent from the list of imports). */
  rows?: ContactImportReportRow[];
}

export const IMPORT_MESSAGES = {
  created: 'Contacto creado exitosamente',
  duplicated: 'El contacto ya existe',
  missingPhone: 'El teléfono es obligatorio',
  badPhone: 'Teléfono inválido: escríbelo con su código de país (México 521, Argentina 549)',
  tooLong: 'El nombre o el apellido es demasiado largo (máximo 100 caracteres)',
  repeatedInFile: 'El teléfono está repetido en el archivo',
  tagLimit: 'No se pudo crear la etiqueta: se alcanzó el límite de 50 etiquetas',
  tagTooLong: 'El nombre de la etiqueta es demasiado largo (máximo 50 caracteres)',
  badField: (field: string, reason: string) => `Campo «${field}»: ${reason}`,
  tooMany: (max: number) =>
    `El archivo tiene más de ${max} contactos; divide el archivo e impórtalo por partes.`,
  empty: 'El archivo no tiene contactos.',
  notSpreadsheet: 'El archivo no es una hoja de cálculo válida (.xlsx, .csv o .txt).',
  missingFile: 'Selecciona un archivo .xlsx o .csv.',
  failed: 'Error al importar los contactos',
  tooLarge: 'El archivo es demasiado grande (máximo 10 MB).',
  chooseChannel: 'Selecciona un canal para importar tus contactos',
  agentNotFound: 'El agente no existe.',
  // Issue 22: rows an import never reached because its server stopped (a crash or a restart).
  interrupted: 'No importado: la importación se interrumpió. Vuelve a importar el archivo.',
  pending: 'Pendiente',
} as const;

/** The template's example row under its headings (custom fields are left empty). */
export const IMPORT_TEMPLATE_SAMPLE = [
  'María',
  'García',
  '5215512345678',
  'Cliente nuevo, Promoción',
  '',
] as const;

/** How people write yes and no in a Spanish spreadsheet's boolean column (lower-cased before the lookup). */
/**
 * Issue 19 / 02 §5: an optional column (from the sixth on) naming the row's category by name; rows without it get
 * the company's default category. Matched with accents and case aside, unless a data-sheet field has this name.
 */
export const IMPORT_CATEGORY_COLUMN = 'Categoría';

export const IMPORT_BOOLEAN_WORDS = {
  true: ['true', 'si', 'sí', '1', 'verdadero', 'x'],
  false: ['false', 'no', '0', 'falso'],
} as const;

/** A contact created or edited by hand (02 §5 "Contacts"). */
export const CONTACT_NAME_MAX = 200;
export const CONTACT_MESSAGES = {
  phoneRequired: 'El teléfono es obligatorio.',
  phoneTooLong: 'El teléfono es demasiado largo.',
  nameTooLong: 'El nombre es demasiado largo.',
  withoutPhone: 'Este contacto no tiene teléfono: su canal no es de WhatsApp ni SMS.',
  exportFormat: 'Elige PDF, CSV o XLSX.',
} as const;

/** The name the team gives a contact (renaming a conversation): required, at most 200 characters once trimmed. */
export function contactNameError(raw: string | null | undefined): string | null {
  const name = (raw ?? '').trim();
  if (!name) return VALIDATION_MESSAGES.nameRequired;
  return name.length > CONTACT_NAME_MAX ? CONTACT_MESSAGES.nameTooLong : null;
}

/** The contacts export: the heading of the custom data and the PDF's date line. */
export const CONTACT_EXPORT_TEXTS = {
  pdfTitle: 'Contactos',
  empty: 'Sin contactos',
  extraInfoTitle: 'Información adicional',
  generatedOn: (date: string) => `Generado el ${date}`,
} as const;

/** The template's headings (02 §5: first name, last name, phone, tags, agent e-mail, then custom fields). */
export const IMPORT_TEMPLATE_HEADERS = [
  'Nombre',
  'Apellido',
  'Teléfono',
  'Etiquetas',
  'Correo del agente',
] as const;

/** 02 §5: tags separated by commas, split and trimmed; empty pieces and repeats dropped. */
export function splitImportTags(raw: string | null | undefined): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const piece of (raw ?? '').split(',')) {
    const tag = piece.trim().replace(/\s+/g, ' ');
    const key = tag.toLowerCase();
    if (tag && !seen.has(key)) {
      seen.add(key);
      tags.push(tag);
    }
  }
  return tags;
}

/** A phone as typed into an import or the create form, normalised, is a number of its country (rules/phone). */
export function isImportablePhone(normalized: string): boolean {
  return /^\d+$/.test(normalized) && isValidPhone(normalized);
}
