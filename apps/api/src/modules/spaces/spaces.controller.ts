import { INPUT_MESSAGES, UPLOAD_MESSAGES } from '@crm/shared';
import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Req,
  UseInterceptors,
} from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { AppException } from '../../common/errors/app.exception';
import { ApiErrors, ApiMultipart, ApiSignedIn } from '../../common/openapi/openapi.decorators';
import { ParseIdPipe } from '../../common/pipes/parse-id.pipe';
import {
  type SpooledFile,
  SpooledUploadInterceptor,
  spooledFiles,
} from '../../providers/storage/spooled-upload.interceptor';
import { CreateSpaceInput, UpdateSpaceInput } from './dto/space.input';
import { SpacesService, type SpaceWithChannels } from './spaces.service';

function singleImage(req: Request): SpooledFile | null {
  const files = spooledFiles(req);
  if (files.length > 1) throw AppException.validation('file', UPLOAD_MESSAGES.singleImage);
  return files[0] ?? null;
}

/** 02 §7 spaces calls (the form ones multipart: the optional image travels beside the fields). */
@ApiTags('spaces')
@ApiSignedIn()
@Controller()
export class SpacesController {
  constructor(private readonly spaces: SpacesService) {}

  /** 02 §7 GET /getSpaceGroup: the company's spaces with their channels. */
  @ApiOperation({ summary: "The company's spaces with their channels" })
  @RequirePermissions('readSpaces', 'writeSpaces')
  @Get('getSpaceGroup')
  getSpaceGroup(@CurrentUser() user: AuthUser): Promise<SpaceWithChannels[]> {
    return this.spaces.group(user);
  }

  @ApiOperation({ summary: 'Create a space, with an optional image' })
  @ApiMultipart({ body: CreateSpaceInput, file: 'file' })
  @RequirePermissions('writeSpaces')
  @Post('createSpace')
  @HttpCode(200)
  @UseInterceptors(SpooledUploadInterceptor({ maxFiles: 1, field: 'file' }))
  create(
    @CurrentUser() user: AuthUser,
    @Body() input: CreateSpaceInput,
    @Req() req: Request,
  ): Promise<SpaceWithChannels> {
    return this.spaces.create(user, input, singleImage(req));
  }

  @ApiOperation({ summary: 'Update a space (an absent field keeps its value)' })
  @ApiMultipart({ body: UpdateSpaceInput, file: 'file' })
  @RequirePermissions('writeSpaces')
  @Put('updateSpace')
  @UseInterceptors(SpooledUploadInterceptor({ maxFiles: 1, field: 'file' }))
  update(
    @CurrentUser() user: AuthUser,
    @Body() input: UpdateSpaceInput,
    @Req() req: Request,
  ): Promise<SpaceWithChannels> {
    return this.spaces.update(user, input, singleImage(req));
  }

  @ApiOperation({ summary: 'Delete a space' })
  @ApiErrors(400)
  @RequirePermissions('writeSpaces')
  @Delete('deleteSpace/:id')
  delete(
    @CurrentUser() user: AuthUser,
    @Param('id', new ParseIdPipe('id', INPUT_MESSAGES.invalidSpace))
    id: number,
  ): Promise<{ id: number; deleted: true }> {
    return this.spaces.delete(user, id);
  }
}
