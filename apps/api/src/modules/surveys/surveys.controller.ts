import { Body, Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { ApiErrors, ApiSignedIn } from '../../common/openapi/openapi.decorators';
import {
  CreateSurveyInput,
  DeleteSurveyOptionsInput,
  LastSurveyQuery,
  SaveClientSurveyInput,
  SurveysOfCompanyQuery,
  UpdateSurveyInput,
} from './dto/survey.input';
import {
  DeletedSurveyOptionsAnswer,
  LastSurveyAnswer,
  SurveyAnswerModel,
  SurveyConfigModel,
} from './models/survey.model';
import { SurveysService } from './surveys.service';

/**
 * 02 §7 survey calls. Configuring surveys is bot administration (02 §6 readBot / writeBot, as the /bot page); a
 * conversation's survey is the inbox's (agent or readChat, and the conversation must be visible to the caller).
 */
@ApiTags('surveys')
@ApiSignedIn()
@Controller()
export class SurveysController {
  constructor(private readonly surveys: SurveysService) {}

  @ApiOperation({ summary: "The company's surveys, one per channel" })
  @ApiOkResponse({ type: [SurveyConfigModel] })
  @ApiErrors(400)
  @RequirePermissions('readBot', 'writeBot')
  @Get('survey')
  list(@CurrentUser() user: AuthUser, @Query() query: SurveysOfCompanyQuery): Promise<SurveyConfigModel[]> {
    return this.surveys.list(user, query.companyId);
  }

  @ApiOperation({ summary: "Create a channel's survey (one per channel), sent when its conversations close" })
  @ApiOkResponse({ type: SurveyConfigModel })
  @ApiErrors(400)
  @RequirePermissions('writeBot')
  @Post('survey')
  @HttpCode(200)
  create(@CurrentUser() user: AuthUser, @Body() input: CreateSurveyInput): Promise<SurveyConfigModel> {
    return this.surveys.create(user, input);
  }

  @ApiOperation({ summary: 'Edit a survey: its text, its whole option list (kept ones by id) and isActive' })
  @ApiOkResponse({ type: SurveyConfigModel })
  @ApiErrors(400, 404)
  @RequirePermissions('writeBot')
  @Put('survey')
  update(@CurrentUser() user: AuthUser, @Body() input: UpdateSurveyInput): Promise<SurveyConfigModel> {
    return this.surveys.update(user, input);
  }

  @ApiOperation({ summary: "Delete options by id from the company's surveys (a survey keeps at least one)" })
  @ApiOkResponse({ type: DeletedSurveyOptionsAnswer })
  @ApiErrors(400, 404)
  @RequirePermissions('writeBot')
  @Post('survey/options')
  @HttpCode(200)
  async deleteOptions(
    @CurrentUser() user: AuthUser,
    @Body() input: DeleteSurveyOptionsInput,
  ): Promise<DeletedSurveyOptionsAnswer> {
    return { surveys: await this.surveys.deleteOptions(user, input.ids) };
  }

  @ApiOperation({ summary: "A conversation's newest survey: sent, and its answer when there is one" })
  @ApiOkResponse({ type: LastSurveyAnswer })
  @ApiErrors(400, 404)
  @RequirePermissions('agent', 'readChat')
  @Get('survey/last')
  async last(@CurrentUser() user: AuthUser, @Query() query: LastSurveyQuery): Promise<LastSurveyAnswer> {
    return { survey: await this.surveys.last(user, query.clientId) };
  }

  @ApiOperation({
    summary: "Record the answer of a conversation's waiting survey by value (given to the agent another way)",
  })
  @ApiOkResponse({ type: SurveyAnswerModel })
  @ApiErrors(400, 404)
  @RequirePermissions('agent', 'readChat')
  @Post('saveClientSurvey')
  @HttpCode(200)
  save(@CurrentUser() user: AuthUser, @Body() input: SaveClientSurveyInput): Promise<SurveyAnswerModel> {
    return this.surveys.saveClientAnswer(user, input.clientId, input.value);
  }
}
