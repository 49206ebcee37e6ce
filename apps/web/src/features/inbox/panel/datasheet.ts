import type { PanelClientInfosQuery, PanelDatasheetFieldsQuery } from '../../../gql/graphql';

/** A data-sheet field; `type`: string, date, boolean, email, list, number or phone (02 §3). */
export type DatasheetField = PanelDatasheetFieldsQuery['datasheetFields'][number];

export type ClientInfoEntry = PanelClientInfosQuery['clientInfos'][number];

// 02 §5 value rules: the same shared function the API's saveClientInfo runs, so a value the server would refuse
// is caught before it is sent (ARCHITECTURE rule 1).
export {
  DATASHEET_DATE_FORMAT,
  DATASHEET_MESSAGES,
  DATASHEET_VALUE_MAX,
  validateDatasheetValue,
} from '@crm/shared';

/** fieldId → stored value, for the editors' initial values. */
export function valuesByField(entries: readonly ClientInfoEntry[]): Map<number, string> {
  return new Map(entries.map((entry) => [entry.fieldId, entry.value]));
}

/** Switches store the strings 'true' and 'false' (02 §3: client info values are text). */
export function booleanValue(checked: boolean): string {
  return checked ? 'true' : 'false';
}
