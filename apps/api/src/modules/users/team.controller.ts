import { UPLOAD_MESSAGES } from '@crm/shared';
import { Body, Controller, HttpCode, Post, Put, Req, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { AppException } from '../../common/errors/app.exception';
import { ApiErrors, ApiMultipart, ApiSignedIn } from '../../common/openapi/openapi.decorators';
import {
  type SpooledFile,
  SpooledUploadInterceptor,
  spooledFiles,
} from '../../providers/storage/spooled-upload.interceptor';
import { CreateTeamUserInput, DeleteTeamUserInput, UpdateTeamUserInput } from './dto/team-user.input';
import type { TeamUserModel } from './models/team-user.model';
import { TeamService } from './team.service';

function singlePhoto(req: Request): SpooledFile | null {
  const files = spooledFiles(req);
  if (files.length > 1) throw AppException.validation('file', UPLOAD_MESSAGES.singleImage);
  return files[0] ?? null;
}

/** 02 §7 user calls: the form ones multipart, the photo beside the fields. */
@ApiTags('team')
@ApiSignedIn()
@Controller()
export class TeamController {
  constructor(private readonly team: TeamService) {}

  @ApiOperation({ summary: 'Create a team user, with an optional photo' })
  @ApiMultipart({ body: CreateTeamUserInput, file: 'file' })
  @RequirePermissions('writeUsers')
  @Post('user')
  @HttpCode(201)
  @UseInterceptors(SpooledUploadInterceptor({ maxFiles: 1, field: 'file' }))
  create(
    @CurrentUser() user: AuthUser,
    @Body() input: CreateTeamUserInput,
    @Req() req: Request,
  ): Promise<TeamUserModel> {
    return this.team.create(user, input, singlePhoto(req));
  }

  @ApiOperation({ summary: 'Update a team user (an absent field keeps its value)' })
  @ApiMultipart({ body: UpdateTeamUserInput, file: 'file' })
  @RequirePermissions('writeUsers')
  @Put('user')
  @UseInterceptors(SpooledUploadInterceptor({ maxFiles: 1, field: 'file' }))
  update(
    @CurrentUser() user: AuthUser,
    @Body() input: UpdateTeamUserInput,
    @Req() req: Request,
  ): Promise<TeamUserModel> {
    return this.team.update(user, input, singlePhoto(req));
  }

  @ApiOperation({ summary: 'Delete a team user' })
  @ApiErrors(400)
  @RequirePermissions('writeUsers')
  @Put('deleteUser')
  delete(
    @CurrentUser() user: AuthUser,
    @Body() input: DeleteTeamUserInput,
  ): Promise<{ id: number; deleted: true }> {
    return this.team.delete(user, input.id);
  }
}
