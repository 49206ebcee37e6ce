import { Args, Int, Mutation, Resolver } from '@nestjs/graphql';
import type { AuthUser } from '../../common/auth-user';
import { CurrentUser, RequirePermissions } from '../../common/decorators/auth.decorators';
import { ChannelAdminService } from './channel-admin.service';
import { ChannelConnectService } from './channel-connect.service';
import {
  ConnectDialog360ChannelInput,
  ConnectSmsChannelInput,
  ConnectWhatsappCloudChannelInput,
} from './dto/connect-channel.input';
import { ChannelModel } from './models/channel.model';

const ID = { name: 'id', type: () => Int } as const;

/** 02 §7 GraphQL: channels by company; activate, deactivate, rename, chatbot toggle; numbers connected by hand. */
@Resolver(() => ChannelModel)
export class ChannelsResolver {
  constructor(
    private readonly admin: ChannelAdminService,
    private readonly connect: ChannelConnectService,
  ) {}

  // The channels list query is SpacesResolver's: it is scoped to the caller's spaces (02 §6).

  @RequirePermissions('writeSpaces')
  @Mutation(() => ChannelModel, { description: '02 §4: activation also turns the chatbot off.' })
  activateChannel(@CurrentUser() user: AuthUser, @Args(ID) id: number): Promise<ChannelModel> {
    return this.admin.setActive(user, id, true);
  }

  @RequirePermissions('writeSpaces')
  @Mutation(() => ChannelModel)
  deactivateChannel(@CurrentUser() user: AuthUser, @Args(ID) id: number): Promise<ChannelModel> {
    return this.admin.setActive(user, id, false);
  }

  // Issue 17: whoever edits the menu bot (writeBot) switches it on and off too.
  @RequirePermissions('writeSpaces', 'writeBot')
  @Mutation(() => ChannelModel, {
    description: "Switches the channel's menu chatbot (an active channel only).",
  })
  setChannelChatbot(
    @CurrentUser() user: AuthUser,
    @Args(ID) id: number,
    @Args('useChatbot') useChatbot: boolean,
  ): Promise<ChannelModel> {
    return this.admin.setChatbot(user, id, useChatbot);
  }

  @RequirePermissions('writeSpaces')
  @Mutation(() => ChannelModel)
  renameChannel(
    @CurrentUser() user: AuthUser,
    @Args(ID) id: number,
    @Args('name') name: string,
  ): Promise<ChannelModel> {
    return this.admin.rename(user, id, name);
  }

  @RequirePermissions('writeSpaces')
  @Mutation(() => ChannelModel, {
    description: 'Connects a Twilio SMS number, checked with Twilio first; it joins the default space.',
  })
  connectSmsChannel(
    @CurrentUser() user: AuthUser,
    @Args('input') input: ConnectSmsChannelInput,
  ): Promise<ChannelModel> {
    return this.connect.connectSms(user, input);
  }

  @RequirePermissions('writeSpaces')
  @Mutation(() => ChannelModel, {
    description:
      'Connects a 360dialog number: registers our webhook with its API key; it joins the default space.',
  })
  connectDialog360Channel(
    @CurrentUser() user: AuthUser,
    @Args('input') input: ConnectDialog360ChannelInput,
  ): Promise<ChannelModel> {
    return this.connect.connectDialog360(user, input);
  }

  @RequirePermissions('writeSpaces')
  @Mutation(() => ChannelModel, {
    description:
      'Connects an existing Cloud API number: reads it with the token and subscribes the app to its WhatsApp Business Account.',
  })
  connectWhatsappCloudChannel(
    @CurrentUser() user: AuthUser,
    @Args('input') input: ConnectWhatsappCloudChannelInput,
  ): Promise<ChannelModel> {
    return this.connect.connectWhatsappCloud(user, input);
  }
}
