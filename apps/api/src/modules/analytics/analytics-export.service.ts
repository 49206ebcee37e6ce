import type { Writable } from 'node:stream';
import {
  ANALYTICS_EXPORT_COLUMNS,
  ANALYTICS_EXPORT_SHEETS,
  analyticsRowCap,
  BOT_REPORT_COLUMNS,
  BOT_REPORT_SHEET,
  formatReportDate,
} from '@crm/shared';
import { Injectable } from '@nestjs/common';
import ExcelJS from 'exceljs';
import type { AuthUser } from '../../common/auth-user';
import { seesPhoneNumbers } from '../../common/privacy/phone-privacy';
import { ChatbotService } from '../chatbot/chatbot.service';
import { AnalyticsRepository } from './analytics.repository';
import { AnalyticsService } from './analytics.service';
import { type AnalyticsRawRange, AnalyticsScopeService } from './analytics-scope.service';

/** Writes a finished workbook into the response; the data is read before, so a refusal comes before any byte. */
export type WorkbookWriter = (out: Writable) => Promise<void>;

type Cell = string | number | null;

/** GET /botFlow/clienInfo's query (dates as ISO instants or YYYY-MM-DD, channel ids as '1,2'). */
export interface BotReportRequest {
  startDate?: string;
  endDate?: string;
  companyId?: string;
  channelsIds?: string;
}

async function writeSheets(out: Writable, sheets: Array<{ name: string; rows: Cell[][] }>): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  for (const { name, rows } of sheets) {
    const sheet = workbook.addWorksheet(name);
    rows.forEach((cells, index) => {
      const row = sheet.addRow(cells);
      // The first row is the header.
      if (index === 0) row.font = { bold: true };
      row.commit();
    });
    sheet.commit();
  }
  await workbook.commit();
}

/**
 * Issue 20, 01 §7 Statistics exports: {product}.xlsx (Clientes: the dashboard's session list, Agentes: the agent
 * table; the dashboard's range rules and scope) and reporteBot.xlsx (the bot report of GET /botFlow/clienInfo).
 * Dates 'DD-MM-YYYY HH:mm' in the company's time zone (02 §9).
 */
@Injectable()
export class AnalyticsExportService {
  constructor(
    private readonly repository: AnalyticsRepository,
    private readonly scopes: AnalyticsScopeService,
    private readonly analytics: AnalyticsService,
    private readonly chatbot: ChatbotService,
  ) {}

  async prepareExport(user: AuthUser, raw: AnalyticsRawRange): Promise<WorkbookWriter> {
    const query = await this.scopes.resolve(user, raw);
    const { filter, period, context, channels } = query;
    const [sessions, agents] = await Promise.all([
      this.repository.sessions(
        filter,
        period.start,
        period.end,
        analyticsRowCap(context.analyticsExtendedRows),
      ),
      this.analytics.agentRows(query),
    ]);
    const tz = context.timezone;
    const seesPhones = seesPhoneNumbers(user);
    const { clients: c, agents: a, yes, no, answeredBy } = ANALYTICS_EXPORT_COLUMNS;
    const clientRows: Cell[][] = [
      [
        c.name,
        ...(seesPhones ? [c.phone] : []),
        c.channel,
        c.agent,
        c.startedAt,
        c.lastMessageAt,
        c.answered,
        c.answeredBy,
        c.responseMinutes,
        c.fromAd,
        c.messages,
        c.rating,
      ],
      ...this.analytics
        .clientRows(user, sessions, channels)
        .map((row) => [
          row.name,
          ...(seesPhones ? [row.phone] : []),
          row.channelName,
          row.agentName,
          formatReportDate(row.startedAt, tz),
          formatReportDate(row.lastMessageAt, tz),
          row.answered ? yes : no,
          row.answeredBy ? answeredBy[row.answeredBy] : null,
          row.responseMinutes,
          row.fromAd ? yes : no,
          row.messages,
          row.rating,
        ]),
    ];
    const bots = context.usesBots;
    const agentRows: Cell[][] = [
      [
        a.name,
        a.messages,
        a.chats,
        ...(bots ? [a.responseAfterAssignment, a.botAnswered, a.avgDuration] : []),
      ],
      ...agents.map((row) => [
        row.name,
        row.messages,
        row.total,
        ...(bots ? [row.responseAfterAssignmentMinutes, row.botAnswered, row.avgDurationHours] : []),
      ]),
    ];
    return (out) =>
      writeSheets(out, [
        { name: ANALYTICS_EXPORT_SHEETS.clients, rows: clientRows },
        { name: ANALYTICS_EXPORT_SHEETS.agents, rows: agentRows },
      ]);
  }

  /**
   * GET /api/analytics/bot-report: reporteBot.xlsx, the rows GET /botFlow/clienInfo answers (ChatbotService's, with
   * its range, company and channel checks and its phone privacy), with the date in the company's time zone.
   */
  async prepareBotReport(user: AuthUser, query: BotReportRequest): Promise<WorkbookWriter> {
    const [rows, context] = await Promise.all([
      this.chatbot.botReport(user, query),
      this.scopes.context(user.companyId),
    ]);
    const c = BOT_REPORT_COLUMNS;
    const cells: Cell[][] = [
      [c.flowId, c.fieldName, c.value, c.createdAtClient, c.senderId, c.clientId],
      ...rows.map((row) => [
        row.flowId,
        row.fieldName,
        row.value,
        formatReportDate(row.createdAtClient, context.timezone),
        row.senderId,
        row.clientId,
      ]),
    ];
    return (out) => writeSheets(out, [{ name: BOT_REPORT_SHEET, rows: cells }]);
  }
}
