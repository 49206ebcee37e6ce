import { UPLOAD_MESSAGES } from '@crm/shared';
import { Body, Controller, HttpCode, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { AppException } from '../../common/errors/app.exception';
import { ApiMultipart, ApiSignedIn } from '../../common/openapi/openapi.decorators';
import {
  type SpooledFile,
  SpooledUploadInterceptor,
  spooledFiles,
} from '../../providers/storage/spooled-upload.interceptor';
import { SaveQuickAnswerInput, UpdateQuickAnswerInput } from './dto/quick-answer.input';
import type { QuickAnswerModel } from './models/quick-answer.model';
import { QuickAnswersService } from './quick-answers.service';

function singleFile(req: Request): SpooledFile | null {
  const files = spooledFiles(req);
  if (files.length > 1) throw AppException.validation('file', UPLOAD_MESSAGES.singleFile);
  return files[0] ?? null;
}

/** 02 §7 quick-answer writes (multipart: the optional file travels beside the fields). */
@ApiTags('quick-answers')
@ApiSignedIn()
@Controller()
export class QuickAnswersController {
  constructor(private readonly quickAnswers: QuickAnswersService) {}

  // 01 §2.3: the quick-answers action route is open to agent or writeQuickAnswers.
  @ApiOperation({ summary: 'Create a quick answer, with an optional file' })
  @ApiMultipart({ body: SaveQuickAnswerInput, file: 'file' })
  @RequirePermissions('agent', 'writeQuickAnswers')
  @Post('createQuickAnswer')
  @HttpCode(200)
  @UseInterceptors(SpooledUploadInterceptor({ maxFiles: 1, field: 'file' }))
  create(
    @CurrentUser() user: AuthUser,
    @Body() input: SaveQuickAnswerInput,
    @Req() req: Request,
  ): Promise<QuickAnswerModel> {
    return this.quickAnswers.create(user, input, singleFile(req));
  }

  @ApiOperation({ summary: 'Update a quick answer, with an optional file' })
  @ApiMultipart({ body: UpdateQuickAnswerInput, file: 'file' })
  @RequirePermissions('agent', 'writeQuickAnswers')
  @Post('updateQuickAnswer')
  @HttpCode(200)
  @UseInterceptors(SpooledUploadInterceptor({ maxFiles: 1, field: 'file' }))
  update(
    @CurrentUser() user: AuthUser,
    @Body() input: UpdateQuickAnswerInput,
    @Req() req: Request,
  ): Promise<QuickAnswerModel> {
    return this.quickAnswers.update(user, input, singleFile(req));
  }
}
