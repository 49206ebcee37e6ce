import type { Writable } from 'node:stream';
import {
  CAMPAIGN_EXPORT_TEXTS,
  campaignFailedReasonTitle,
  formatMediumDateTime,
  formatPhone,
} from '@crm/shared';
import { Injectable } from '@nestjs/common';
import ExcelJS from 'exceljs';
import type { AuthUser } from '../../common/auth-user';
import { contactNameFor, seesPhoneNumbers } from '../../common/privacy/phone-privacy';
import { ClientsService } from '../clients/clients.service';
import {
  CampaignAnalyticsRepository,
  type CampaignTotals,
  type SettledRecipient,
} from './campaign-analytics.repository';
import { CampaignsService, type CampaignView } from './campaigns.service';

export interface CampaignAnalyticsView {
  campaign: CampaignView;
  totals: CampaignTotals;
  failedReasons: Array<{ code: string; title: string; count: number }>;
}

/** 01 §3 Campaign statistics: each list holds phones, or contact names for users without canSeePhoneNumber. */
export interface CampaignStatisticsView {
  /** Every recipient the provider accepted: sent, delivered and viewed. */
  successfulMessages: string[];
  /** Accepted, not yet delivered. */
  sentdMessages: string[];
  /** Delivered, not yet read. */
  deliveredMessages: string[];
  viewedMessages: string[];
  failedMessages: string[];
}

/**
 * Issue 18, a campaign's results (01 §2.7 analytics, §3, §7): the counts by delivery status with the reasons of
 * the failures, the five lists of recipients, and the same lists as the spreadsheet the page exports. The
 * campaign must be the caller's company's (CampaignsService.get answers CAMPAIGN_NOT_FOUND otherwise).
 */
@Injectable()
export class CampaignAnalyticsService {
  constructor(
    private readonly results: CampaignAnalyticsRepository,
    private readonly campaigns: CampaignsService,
    private readonly clients: ClientsService,
  ) {}

  /** POST /campaign/analitycs. */
  async analytics(user: AuthUser, campaignId: number): Promise<CampaignAnalyticsView> {
    const row = await this.campaigns.get(user, campaignId);
    const [[campaign], totals, reasons] = await Promise.all([
      this.campaigns.views(user.companyId, [row]),
      this.results.totals(row.id),
      this.results.failedReasons(row.id),
    ]);
    return {
      campaign,
      totals,
      failedReasons: reasons.map((reason) => ({
        code: reason.code,
        title: campaignFailedReasonTitle(reason.code, reason.title),
        count: reason.count,
      })),
    };
  }

  /** GET /campaign/:id/statistics. */
  async statistics(user: AuthUser, campaignId: number): Promise<CampaignStatisticsView> {
    const row = await this.campaigns.get(user, campaignId);
    return this.lists(user, await this.results.settled(row.id));
  }

  /**
   * GET /campaign/:id/export: the workbook streamed into `out` (the lists are read first, so a refusal — another
   * company's campaign — comes before any byte). Returns once the file is complete.
   */
  async prepareExport(user: AuthUser, campaignId: number): Promise<(out: Writable) => Promise<void>> {
    const row = await this.campaigns.get(user, campaignId);
    const [lists, timeZone] = await Promise.all([
      this.results.settled(row.id).then((settled) => this.lists(user, settled)),
      this.clients.timeZone(user.companyId),
    ]);
    return async (out: Writable) => {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
      const sheet = workbook.addWorksheet(CAMPAIGN_EXPORT_TEXTS.sheetName);
      const { columns } = CAMPAIGN_EXPORT_TEXTS;
      const order: Array<{ title: string; phones: string[] }> = [
        { title: columns.sent, phones: lists.sentdMessages },
        { title: columns.successful, phones: lists.successfulMessages },
        { title: columns.failed, phones: lists.failedMessages },
        { title: columns.delivered, phones: lists.deliveredMessages },
        { title: columns.viewed, phones: lists.viewedMessages },
      ];
      sheet.columns = order.map(() => ({ width: 24 }));
      const title = sheet.addRow([CAMPAIGN_EXPORT_TEXTS.title]);
      title.font = { bold: true, size: 14 };
      title.commit();
      sheet.addRow([row.name, formatMediumDateTime(row.createdAt.toISOString(), timeZone)]).commit();
      const numbers = sheet.addRow([CAMPAIGN_EXPORT_TEXTS.numbers]);
      numbers.font = { bold: true };
      numbers.commit();
      const header = sheet.addRow(order.map((column) => column.title));
      header.font = { bold: true };
      header.commit();
      const length = Math.max(...order.map((column) => column.phones.length));
      for (let i = 0; i < length; i++) {
        sheet.addRow(order.map((column) => column.phones[i] ?? null)).commit();
      }
      sheet.commit();
      await workbook.commit();
    };
  }

  /** The five lists, in the recipients' order; a user without canSeePhoneNumber gets names, never a number. */
  private lists(user: AuthUser, settled: readonly SettledRecipient[]): CampaignStatisticsView {
    const seesPhones = seesPhoneNumbers(user);
    const view: CampaignStatisticsView = {
      successfulMessages: [],
      sentdMessages: [],
      deliveredMessages: [],
      viewedMessages: [],
      failedMessages: [],
    };
    for (const recipient of settled) {
      const shown = seesPhones
        ? formatPhone(recipient.phone)
        : contactNameFor(user, {
            name: recipient.name,
            nameFromChannel: recipient.nameFromChannel,
            senderId: recipient.senderId ?? recipient.phone,
          });
      if (recipient.bucket === 'failed') {
        view.failedMessages.push(shown);
        continue;
      }
      view.successfulMessages.push(shown);
      if (recipient.bucket === 'sent') view.sentdMessages.push(shown);
      else if (recipient.bucket === 'delivered') view.deliveredMessages.push(shown);
      else view.viewedMessages.push(shown);
    }
    return view;
  }
}
