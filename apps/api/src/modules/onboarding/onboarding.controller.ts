import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth-user';
import { Authenticated, CurrentUser, Public } from '../../common/decorators/auth.decorators';
import { ApiErrors, ApiSignedIn } from '../../common/openapi/openapi.decorators';
import { SendOnboardingVideoInput, SetOldPhoneInput, SetOnboardingInput } from './dto/onboarding.inputs';
import { OnboardingService } from './onboarding.service';

/** 01 §7 "Authentication and onboarding": the onboarding paths the web client calls (issue 19). */
@ApiTags('onboarding')
@Controller()
export class OnboardingController {
  constructor(private readonly onboarding: OnboardingService) {}

  @ApiOperation({ summary: "The signed-in company's sign-up record (isUseNewPhone and the rest)" })
  @ApiSignedIn({ permissions: false })
  @ApiErrors(404)
  @Authenticated()
  @Get('onboarding')
  mine(@CurrentUser() user: AuthUser) {
    return this.onboarding.mine(user);
  }

  // Declared before onboarding/:id, so 'need-help' is not read as a record id.
  @ApiOperation({ summary: 'Ask support for help to finish setting up (support is mailed once)' })
  @ApiSignedIn({ permissions: false })
  @ApiErrors(404)
  @Authenticated()
  @Get('onboarding/need-help')
  needHelp(@CurrentUser() user: AuthUser) {
    return this.onboarding.needHelp(user);
  }

  @ApiOperation({
    summary: 'Resume a sign-up by its id (a finished one answers only {id, step: welcome, finished: true})',
  })
  @ApiErrors(404)
  @Public()
  @Get('onboarding/:id')
  get(@Param('id') id: string) {
    return this.onboarding.get(id);
  }

  @ApiOperation({ summary: 'Write fields of a sign-up record; the lead score is recomputed by the server' })
  @ApiErrors(400, 404, 409)
  @Public()
  @Post('onboarding/set')
  @HttpCode(200)
  set(@Body() input: SetOnboardingInput) {
    return this.onboarding.set(input.id, input.data);
  }

  @ApiOperation({ summary: 'Link a new number (true) or the one the business already uses (false)' })
  @ApiSignedIn({ permissions: false })
  @ApiErrors(400, 404)
  @Authenticated()
  @Post('set-old-phone')
  @HttpCode(200)
  setOldPhone(@CurrentUser() user: AuthUser, @Body() input: SetOldPhoneInput) {
    return this.onboarding.setUseNewPhone(user, input.isUseNewPhone);
  }

  @ApiOperation({ summary: 'Mail the caller the instruction video for linking its number (once)' })
  @ApiSignedIn({ permissions: false })
  @ApiErrors(400, 404)
  @Authenticated()
  @Post('send-onboarding-video')
  @HttpCode(200)
  sendVideo(@CurrentUser() user: AuthUser, @Body() input: SendOnboardingVideoInput) {
    return this.onboarding.sendVideo(user, input.send);
  }
}
