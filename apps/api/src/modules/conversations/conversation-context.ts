import {
  type CompanySettings,
  type ConversationChangeReason,
  type ConversationView,
  companySettings,
} from '@crm/shared';
import type { RealtimeService } from '../../realtime/realtime.service';
import { conversationRooms } from '../clients/conversation-rooms';
import type { CompaniesRepository } from '../companies/companies.repository';

/** The company's settings (02 §3), defaults filled in. */
export async function companySettingsOf(
  companies: CompaniesRepository,
  companyId: number,
): Promise<CompanySettings> {
  const company = await companies.findById(companyId);
  if (!company) throw new Error(`company ${companyId} not found`);
  return companySettings(company.settings);
}

/**
 * Tells the rooms that see the conversation its new view, so each open list decides by its own filters whether
 * to keep, add or drop it.
 */
export function emitConversationChanged(
  realtime: RealtimeService,
  view: ConversationView,
  reason: ConversationChangeReason,
): void {
  realtime.emit(conversationRooms(view), 'openClient', { client: view, reason });
}
