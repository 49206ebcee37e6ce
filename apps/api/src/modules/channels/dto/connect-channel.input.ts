import {
  dialog360ApiKeyError,
  e164PhoneError,
  metaAccessTokenError,
  metaIdError,
  optionalChannelNameError,
  twilioAccountSidError,
  twilioAuthTokenError,
} from '@crm/shared';
import { Field, InputType } from '@nestjs/graphql';
import { IsOptional } from 'class-validator';
import { Rule } from '../../../common/decorators/rule.decorator';

/**
 * The channels screen's "Agregar canal" forms. The rules are the shared ones the web form applies, so a bad value
 * gets the same Spanish text on both sides; every refusal is a 400 on its field.
 */

@InputType({ description: 'An SMS number of a Twilio account.' })
export class ConnectSmsChannelInput {
  @Field({ description: 'Twilio Account SID (AC…).' })
  @Rule(twilioAccountSidError)
  accountSid: string;

  @Field({ description: "The account's Auth Token." })
  @Rule(twilioAuthTokenError)
  authToken: string;

  @Field({ description: 'The number in E.164, e.g. +15557122661.' })
  @Rule(e164PhoneError)
  phoneNumber: string;

  @Field(() => String, { nullable: true, description: 'Channel name; the number when empty.' })
  @IsOptional()
  @Rule(optionalChannelNameError)
  name?: string | null;
}

@InputType({ description: 'A WhatsApp number hosted by 360dialog.' })
export class ConnectDialog360ChannelInput {
  @Field({ description: "The number's D360-API-KEY." })
  @Rule(dialog360ApiKeyError)
  apiKey: string;

  @Field({ description: 'The number in E.164, as the 360dialog Hub shows it.' })
  @Rule(e164PhoneError)
  phoneNumber: string;

  @Field(() => String, { nullable: true, description: 'Channel name; the number when empty.' })
  @IsOptional()
  @Rule(optionalChannelNameError)
  name?: string | null;
}

@InputType({ description: 'A number the business already has on the WhatsApp Cloud API.' })
export class ConnectWhatsappCloudChannelInput {
  @Field({ description: 'Phone number ID (WhatsApp Manager, API setup).' })
  @Rule(metaIdError)
  phoneNumberId: string;

  @Field({ description: 'WhatsApp Business Account ID.' })
  @Rule(metaIdError)
  wabaId: string;

  @Field({ description: "A system user's access token with whatsapp_business_messaging and _management." })
  @Rule(metaAccessTokenError)
  accessToken: string;

  @Field(() => String, {
    nullable: true,
    description: "Channel name; the number's verified name when empty.",
  })
  @IsOptional()
  @Rule(optionalChannelNameError)
  name?: string | null;
}
