import { INPUT_MESSAGES, UPLOAD_MESSAGES } from '@crm/shared';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { AppException } from '../../common/errors/app.exception';
import { ApiErrors, ApiMultipart, ApiSignedIn } from '../../common/openapi/openapi.decorators';
import { ParseIdPipe } from '../../common/pipes/parse-id.pipe';
import { SpooledUploadInterceptor, spooledFiles } from '../../providers/storage/spooled-upload.interceptor';
import {
  CreateTemplateInput,
  DeleteTemplateInput,
  IdentifyVariablesInput,
  SyncTemplatesInput,
  UploadTemplateMediaInput,
} from './dto/template.input';
import {
  CreateTemplateAnswer,
  DeleteTemplateAnswer,
  IdentifyVariablesAnswer,
  SyncTemplatesAnswer,
  TemplateMediaAnswer,
  WhatsappTemplateModel,
} from './models/whatsapp-template.model';
import type { UploadedTemplateMedia } from './template-creation.service';
import { TemplateCreationService } from './template-creation.service';
import { TemplateDeletionService } from './template-deletion.service';
import { type SyncResult, TemplateStatusService } from './template-status.service';
import { type IdentifiedVariables, TemplatesService } from './templates.service';

/** 02 §7 WhatsApp template calls and issue 16's media upload and sync. */
@ApiTags('whatsapp-templates')
@ApiSignedIn()
@Controller()
export class TemplatesController {
  constructor(
    private readonly templates: TemplatesService,
    private readonly creation: TemplateCreationService,
    private readonly deletion: TemplateDeletionService,
    private readonly status: TemplateStatusService,
  ) {}

  @ApiOperation({
    summary:
      'Propose the variables and the category of a template message (rule-based, never fails on content)',
  })
  @ApiOkResponse({ type: IdentifyVariablesAnswer })
  @ApiErrors(400)
  @RequirePermissions('whatsappTemplate')
  @Post('identify-variables')
  @HttpCode(200)
  identifyVariables(@Body() input: IdentifyVariablesInput): IdentifiedVariables {
    return this.templates.identifyVariables(input.text, input.isIdentifyVariables === true);
  }

  @ApiOperation({
    summary: "Upload a template header file (jpeg, png, mp4 or pdf) to the channel's provider",
    description:
      'Answers our public URL of the file (the HEADER example.header_handle of the creation call).',
  })
  @ApiMultipart({ body: UploadTemplateMediaInput, file: 'file', fileRequired: true, json: false })
  @ApiOkResponse({ type: TemplateMediaAnswer })
  @RequirePermissions('whatsappTemplate')
  @Post('whatsappTemplate/media')
  @HttpCode(200)
  @UseInterceptors(SpooledUploadInterceptor({ maxFiles: 1, field: 'file' }))
  uploadMedia(
    @CurrentUser() user: AuthUser,
    @Body() input: UploadTemplateMediaInput,
    @Req() req: Request,
  ): Promise<UploadedTemplateMedia> {
    const file = spooledFiles(req)[0];
    if (!file) throw AppException.validation('file', UPLOAD_MESSAGES.attachFile);
    return this.creation.uploadMedia(user, input, file);
  }

  @ApiOperation({
    summary: "Read a channel's templates from its provider: import new ones, reconcile statuses (also daily)",
  })
  @ApiOkResponse({ type: SyncTemplatesAnswer })
  @ApiErrors(400)
  @RequirePermissions('whatsappTemplate')
  @Post('whatsappTemplate/sync')
  @HttpCode(200)
  sync(@CurrentUser() user: AuthUser, @Body() input: SyncTemplatesInput): Promise<SyncResult> {
    return this.status.sync(user, input.channelId);
  }

  @ApiOperation({ summary: 'Submit a WhatsApp template to the provider and keep it (starts submitted)' })
  @ApiOkResponse({ type: CreateTemplateAnswer })
  @ApiErrors(400, 409)
  @RequirePermissions('whatsappTemplate')
  @Post('whatsappTemplate')
  @HttpCode(200)
  async create(
    @CurrentUser() user: AuthUser,
    @Body() input: CreateTemplateInput,
  ): Promise<CreateTemplateAnswer> {
    return { createWhatsappTemplate: await this.creation.create(user, input) };
  }

  @ApiOperation({ summary: "The company's WhatsApp templates, newest first" })
  @ApiParam({ name: 'companyId', type: 'integer', description: "The caller's company (another one: 403)" })
  @ApiOkResponse({ type: [WhatsappTemplateModel] })
  @ApiErrors(400)
  @RequirePermissions('whatsappTemplate', 'campaigns')
  @Get('whatsappTemplate/:companyId')
  list(@CurrentUser() user: AuthUser, @Param('companyId') rawId: string): Promise<WhatsappTemplateModel[]> {
    const companyId = new ParseIdPipe('companyId', INPUT_MESSAGES.invalidValue).transform(rawId);
    return this.templates.listForCompany(user, companyId);
  }

  @ApiOperation({
    summary:
      'Delete a template (every language of its name) when no follow-up, bot or welcome message uses it',
  })
  @ApiOkResponse({ type: DeleteTemplateAnswer })
  @ApiErrors(400, 404, 409)
  @RequirePermissions('whatsappTemplate')
  @Delete('whatsappTemplate')
  delete(@CurrentUser() user: AuthUser, @Body() input: DeleteTemplateInput): Promise<{ deleted: true }> {
    return this.deletion.delete(user, input);
  }
}
