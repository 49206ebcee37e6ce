import type { Writable } from 'node:stream';
import {
  CONTACT_EXPORT_TEXTS,
  type ContactReportRow,
  contactReportColumns,
  type ExportFormat,
  formatReportDate,
  PAGE_SIZES,
} from '@crm/shared';
import { Injectable } from '@nestjs/common';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import type { AuthUser } from '../../common/auth-user';
import { ClientsService } from '../clients/clients.service';
import { toContactReportRow } from '../clients/contact-report';
import { reportCursor } from '../clients/conversation-list.query';
import { ConversationsRepository } from '../clients/conversations.repository';
import type { ConversationsFilterInput } from '../clients/dto/conversations-filter.input';

const EXTRA_TITLE = CONTACT_EXPORT_TEXTS.extraInfoTitle;

export interface ExportColumns {
  keys: Array<keyof ContactReportRow>;
  titles: string[];
}

function extraText(row: ContactReportRow): string {
  return row.extraInfo.map((i) => `${i.name}: ${i.value}`).join('; ');
}

/** A row's cells in column order, the data-sheet values last. */
export function exportCells(row: ContactReportRow, columns: ExportColumns): string[] {
  return [...columns.keys.map((key) => String(row[key] ?? '')), extraText(row)];
}

/** RFC 4180 field: quoted when it holds a separator, a quote or a line break. */
function csvField(value: string): string {
  // A leading =, +, - or @ would run as a formula in a spreadsheet: a contact's name must stay text. A phone
  // (+52…) is left alone: as a formula it is only a number.
  const formula = /^[=@\t\r]/.test(value) || (/^[+-]/.test(value) && !/^[+-][\d\s().]*$/.test(value));
  const safe = formula ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Waits for the stream to take more when it says it is full, so a slow download holds the database reads. */
function write(out: Writable, chunk: string | Buffer): Promise<void> {
  if (out.write(chunk)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      out.off('error', onError);
      resolve();
    };
    const onError = (error: Error) => {
      out.off('drain', onDrain);
      reject(error);
    };
    out.once('drain', onDrain);
    out.once('error', onError);
  });
}

/**
 * 02 §2 'Exportar' (issue 5): the contacts report with the panel's filters as PDF, CSV or XLSX, streamed — the
 * rows are read from the database in pages of 5000 and written out as they come, so an export of any size costs
 * the server one page of memory and the browser none.
 */
@Injectable()
export class ContactExportService {
  constructor(
    private readonly conversations: ConversationsRepository,
    private readonly clients: ClientsService,
  ) {}

  columns(user: AuthUser): ExportColumns {
    const columns = contactReportColumns(user.permissions.canSeePhoneNumber === true);
    return { keys: columns.map((c) => c.key), titles: [...columns.map((c) => c.title), EXTRA_TITLE] };
  }

  /** Refuses a filter naming another company's rows, before the download's headers go out. */
  checkFilter(user: AuthUser, filter: ConversationsFilterInput): Promise<void> {
    return this.clients.checkFilterIds(user, filter);
  }

  /** Every report row matching the filters, page by page on the keyset cursor. */
  async *rows(user: AuthUser, filter: ConversationsFilterInput): AsyncGenerator<ContactReportRow[]> {
    const timeZone = await this.clients.timeZone(user.companyId);
    const viewer = { timeZone, canSeePhoneNumber: user.permissions.canSeePhoneNumber === true };
    let after: string | null = null;
    for (;;) {
      const input: ConversationsFilterInput = { ...filter, first: PAGE_SIZES.export, after, skip: undefined };
      const rows = await this.conversations.reportPage(user, input);
      const page = rows.slice(0, PAGE_SIZES.export);
      if (page.length > 0) yield page.map((record) => toContactReportRow(record, viewer));
      if (rows.length <= PAGE_SIZES.export) return;
      after = reportCursor(page[page.length - 1], input);
    }
  }

  async write(
    user: AuthUser,
    format: ExportFormat,
    filter: ConversationsFilterInput,
    out: Writable,
  ): Promise<void> {
    const columns = this.columns(user);
    if (format === 'csv') return this.csv(user, filter, columns, out);
    if (format === 'xlsx') return this.xlsx(user, filter, columns, out);
    return this.pdf(user, filter, columns, out);
  }

  private async csv(user: AuthUser, filter: ConversationsFilterInput, columns: ExportColumns, out: Writable) {
    // The BOM makes Excel read the accents as UTF-8.
    await write(out, `\uFEFF${columns.titles.map(csvField).join(',')}\r\n`);
    for await (const page of this.rows(user, filter)) {
      await write(
        out,
        page.map((row) => `${exportCells(row, columns).map(csvField).join(',')}\r\n`).join(''),
      );
    }
    out.end();
  }

  private async xlsx(
    user: AuthUser,
    filter: ConversationsFilterInput,
    columns: ExportColumns,
    out: Writable,
  ) {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
    const sheet = workbook.addWorksheet('Contactos');
    sheet.columns = columns.titles.map((title) => ({ header: title, width: Math.max(14, title.length + 2) }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const page of this.rows(user, filter)) {
      for (const row of page) sheet.addRow(exportCells(row, columns)).commit();
    }
    sheet.commit();
    await workbook.commit();
  }

  private async pdf(user: AuthUser, filter: ConversationsFilterInput, columns: ExportColumns, out: Writable) {
    const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 28, bufferPages: false });
    const done = new Promise<void>((resolve, reject) => {
      out.on('finish', resolve);
      out.on('error', reject);
    });
    doc.pipe(out);
    const timeZone = await this.clients.timeZone(user.companyId);
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    const colWidth = width / columns.titles.length;
    const bottom = doc.page.height - doc.page.margins.bottom;
    doc.font('Helvetica-Bold').fontSize(14).text(CONTACT_EXPORT_TEXTS.pdfTitle, left, doc.page.margins.top);
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#555555')
      .text(CONTACT_EXPORT_TEXTS.generatedOn(formatReportDate(new Date(), timeZone)));
    doc.fillColor('#000000');
    let y = doc.y + 8;
    const drawRow = (cells: string[], bold: boolean) => {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(7);
      const height =
        Math.max(...cells.map((cell) => doc.heightOfString(cell || ' ', { width: colWidth - 4 }))) + 4;
      if (y + height > bottom) {
        doc.addPage();
        y = doc.page.margins.top;
      }
      cells.forEach((cell, i) => {
        doc.text(cell, left + i * colWidth + 2, y + 2, { width: colWidth - 4, lineBreak: true });
      });
      y += height;
      doc
        .moveTo(left, y)
        .lineTo(left + width, y)
        .lineWidth(0.3)
        .strokeColor('#cccccc')
        .stroke();
    };
    drawRow(columns.titles, true);
    let count = 0;
    for await (const page of this.rows(user, filter)) {
      for (const row of page) drawRow(exportCells(row, columns), false);
      count += page.length;
    }
    if (count === 0) drawRow([CONTACT_EXPORT_TEXTS.empty], false);
    doc.end();
    await done;
  }
}
