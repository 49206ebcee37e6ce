import {
  type ContactReportRow,
  displayPhone,
  firstWord,
  formatReportDate,
  isPhoneBased,
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
  const email = record.infos.find((i) => i.type === 'email')?.value ?? null;
  const plaza = record.infos.find((i) => normalizeSearchKeyword(i.name) === 'plaza')?.value ?? null;
  return {
    id: record.id,
    nameFromChannel: firstWord(record.nameFromChannel ?? record.name),
    lastName: record.lastName,
    name: record.name,
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
