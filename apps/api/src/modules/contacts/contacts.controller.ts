import {
  type ContactImportReport,
  canExportContacts,
  EXPORT_FILE_NAMES,
  IMPORT_MESSAGES,
  IMPORT_TEMPLATE_HEADERS,
  IMPORT_TEMPLATE_SAMPLE,
  type ImportContactsResult,
  INPUT_MESSAGES,
} from '@crm/shared';
import {
  Body,
  Controller,
  Get,
  HttpCode,
  Logger,
  Param,
  Post,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import ExcelJS from 'exceljs';
import type { Response } from 'express';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { AppException } from '../../common/errors/app.exception';
import {
  ApiErrors,
  ApiFileResponse,
  ApiMultipart,
  ApiSignedIn,
} from '../../common/openapi/openapi.decorators';
import { ParseIdPipe } from '../../common/pipes/parse-id.pipe';
import { ContactExportService } from './contact-export.service';
import { ContactImportService } from './contact-import.service';
import { ExportContactsInput, ImportContactsInput } from './dto/contacts.input';

/** 5000 rows of a few hundred bytes each fit well within this; anything bigger is not a contacts file. */
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** Issue 5: bulk import, its template, and the contacts export. */
@ApiTags('contacts')
@ApiSignedIn()
@Controller()
export class ContactsController {
  private readonly logger = new Logger(ContactsController.name);

  constructor(
    private readonly importer: ContactImportService,
    private readonly exporter: ContactExportService,
  ) {}

  /** 02 §7 POST /importContacts (multipart: file, channelId; companyId from the token). */
  @ApiOperation({ summary: 'Import contacts from a CSV or XLSX file (up to 10 MB)' })
  @ApiMultipart({ body: ImportContactsInput, file: 'file', fileRequired: true, json: false })
  @RequirePermissions('readChat', 'agent')
  @Post('importContacts')
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: IMPORT_MAX_BYTES + 1, files: 1 } }))
  async importContacts(
    @CurrentUser() user: AuthUser,
    @Body() input: ImportContactsInput,
    @UploadedFile() file: { buffer: Buffer; originalname: string; size: number } | undefined,
  ): Promise<ImportContactsResult> {
    if (file && file.size > IMPORT_MAX_BYTES) {
      throw AppException.validation('file', IMPORT_MESSAGES.tooLarge);
    }
    return this.importer.import(user, file, input.channelId, input.agentId ?? null);
  }

  /** Issue 22: the user's latest imports (one the server stopped in the middle of reads 'interrupted'). */
  @ApiOperation({ summary: "The signed-in user's latest contact imports, newest first (without their rows)" })
  @RequirePermissions('readChat', 'agent')
  @Get('contactImports')
  listImports(@CurrentUser() user: AuthUser): Promise<ContactImportReport[]> {
    return this.importer.list(user);
  }

  /** Issue 22: one import's report, row by row: created, duplicated, refused, or never reached. */
  @ApiOperation({
    summary: 'One contact import of the signed-in user, with the outcome of every row of its file',
  })
  @ApiErrors(400, 404)
  @RequirePermissions('readChat', 'agent')
  @Get('contactImports/:id')
  importReport(
    @CurrentUser() user: AuthUser,
    @Param('id', new ParseIdPipe('id', INPUT_MESSAGES.invalidValue)) id: number,
  ): Promise<ContactImportReport> {
    return this.importer.report(user, id);
  }

  /** The import template (02 §2 instructions modal): the columns in order, the company's fields after them. */
  @ApiOperation({
    summary: "Download the import template (XLSX): the columns, then the company's datasheet fields",
  })
  @ApiFileResponse('plantilla_contactos.xlsx', CONTENT_TYPES.xlsx)
  @RequirePermissions('readChat', 'agent')
  @Get('importContacts/template')
  async template(@CurrentUser() user: AuthUser, @Res() res: Response): Promise<void> {
    const fields = await this.importer.templateFields(user.companyId);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Contactos');
    const headers = [...IMPORT_TEMPLATE_HEADERS, ...fields];
    sheet.addRow(headers).font = { bold: true };
    sheet.addRow([...IMPORT_TEMPLATE_SAMPLE, ...fields.map(() => '')]);
    sheet.columns.forEach((column, i) => {
      column.width = Math.max(16, (headers[i] ?? '').length + 4);
    });
    // The phone column as text, so Excel keeps long numbers whole.
    sheet.getColumn(3).numFmt = '@';
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    res.setHeader('Content-Type', CONTENT_TYPES.xlsx);
    res.setHeader('Content-Disposition', 'attachment; filename="plantilla_contactos.xlsx"');
    res.send(buffer);
  }

  /** 02 §2 'Exportar': streamed, with the panel's filters; admin, superadmin and Community Manager only (02 §6). */
  @ApiOperation({
    summary: "Export the contacts panel's rows as PDF, CSV or XLSX (admin, superadmin, Community Manager)",
  })
  @ApiFileResponse('The export, as an attachment', ...Object.values(CONTENT_TYPES))
  @ApiErrors(400)
  @RequirePermissions('readChat', 'agent')
  @Post('contacts/export')
  async export(
    @CurrentUser() user: AuthUser,
    @Body() input: ExportContactsInput,
    @Res() res: Response,
  ): Promise<void> {
    if (!canExportContacts(user.roleName)) {
      throw new AppException('FORBIDDEN', {
        message: 'Only admin, superadmin and Community Manager export contacts',
      });
    }
    const { format, ...filter } = input;
    await this.exporter.checkFilter(user, filter);
    res.status(200);
    res.setHeader('Content-Type', CONTENT_TYPES[format]);
    res.setHeader('Content-Disposition', `attachment; filename="${EXPORT_FILE_NAMES[format]}"`);
    res.setHeader('Cache-Control', 'no-store');
    try {
      await this.exporter.write(user, format, filter, res);
    } catch (error) {
      // Headers and part of the file are out: all that is left is to cut the download so it is not taken as whole.
      this.logger.error(`contacts export (${format}) failed: ${String(error)}`);
      res.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
