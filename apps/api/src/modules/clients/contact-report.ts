import {
  type ContactReportRow,
  contactNameParts,
  displayPhone,
  formatReportDate,
  isPhoneBased,
  mentionsPhone,
  normalizeSearchKeyword,
  platformLabel,
} from '@crm/shared';
import type { ContactReportRecord } from './conversations.repository';

export interface ReportViewer {
  timeZone: string;
  /** 02 §5: the phone column only with canSeePhoneNumber, enforced here so no client ever receives it. */
  canSeePhoneNumber: boolean;
}

/** 02 §3 Contact report row out of a contacts report record (ConversationsRepository.reportPage). */
export function toContactReportRow(record: ContactReportRecord, viewer: ReportViewer): ContactReportRow {
  // Issue 15 §3: a customer with no profile name is named by the number (inbound), which the viewer may not see.
  const shown = (text: string | null) =>
    !viewer.canSeePhoneNumber && mentionsPhone(text, [record.senderId]) ? null : text;
  const name = shown(record.name);
  // Issue 19: the inbox's own split ('Pedro Nuevo' → 'Pedro' + 'Nuevo'), so Contactos and the CSV agree with it.
  const parts = contactNameParts({
    name,
    nameFromChannel: shown(record.nameFromChannel),
    lastName: shown(record.lastName),
  });
  const email = record.infos.find((i) => i.type === 'email')?.value ?? null;
  const plaza = record.infos.find((i) => normalizeSearchKeyword(i.name) === 'plaza')?.value ?? null;
  return {
    id: record.id,
    nameFromChannel: parts.firstName,
    lastName: parts.lastName,
    name,
    agent: record.agentName,
    tags: record.tags.map((t) => t.name).join(', '),
    tagIds: record.tags.map((t) => t.id),
    plataform: platformLabel(record.platform),
    channel: record.channelName,
    channelId: record.channelId,
    number: viewer.canSeePhoneNumber && isPhoneBased(record.platform) ? displayPhone(record.senderId) : null,
    createdAt: formatReportDate(record.createdAt, viewer.timeZone),
    lastUpdate: formatReportDate(record.lastUpdate, viewer.timeZone),
    email,
    plaza,
    extraInfo: record.infos.map((i) => ({ name: i.name, value: i.value })),
  };
}
