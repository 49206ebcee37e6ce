import {
  COMPOSE_MESSAGES,
  INPUT_MESSAGES,
  MESSAGE_TEXT_MAX,
  SHARED_CONTACTS_MAX,
  UPLOAD_MESSAGES,
  VALIDATION_MESSAGES,
} from '@crm/shared';
import { Field, Float, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  IsUrl,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { IsId } from '../../../common/decorators/id.decorator';

@InputType()
export class SendLocationInput {
  @Field(() => Float)
  @IsNumber({}, { message: INPUT_MESSAGES.invalidLatitude })
  @Min(-90, { message: INPUT_MESSAGES.invalidLatitude })
  @Max(90, { message: INPUT_MESSAGES.invalidLatitude })
  latitude: number;

  @Field(() => Float)
  @IsNumber({}, { message: INPUT_MESSAGES.invalidLongitude })
  @Min(-180, { message: INPUT_MESSAGES.invalidLongitude })
  @Max(180, { message: INPUT_MESSAGES.invalidLongitude })
  longitude: number;

  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(200, { message: COMPOSE_MESSAGES.nameTooLong })
  name?: string;

  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(300, { message: COMPOSE_MESSAGES.addressTooLong })
  address?: string;
}

@InputType()
export class SendContactInput {
  @Field()
  @IsString({ message: VALIDATION_MESSAGES.nameRequired })
  @MinLength(1, { message: VALIDATION_MESSAGES.nameRequired })
  @MaxLength(200, { message: COMPOSE_MESSAGES.nameTooLong })
  name: string;

  @Field()
  @IsString({ message: VALIDATION_MESSAGES.phoneRequired })
  @MinLength(6, { message: VALIDATION_MESSAGES.phoneInvalid })
  @MaxLength(20, { message: VALIDATION_MESSAGES.phoneInvalid })
  phone: string;
}

@InputType()
export class SendMediaInput {
  @Field()
  @IsIn(['image', 'video', 'audio', 'document', 'sticker'], { message: UPLOAD_MESSAGES.typeNotAllowed })
  type: 'image' | 'video' | 'audio' | 'document' | 'sticker';

  @Field()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] }, { message: INPUT_MESSAGES.invalidFileUrl })
  @MaxLength(2000, { message: INPUT_MESSAGES.invalidFileUrl })
  url: string;

  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(255, { message: INPUT_MESSAGES.fileNameTooLong })
  filename?: string;

  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(100, { message: UPLOAD_MESSAGES.typeNotAllowed })
  mimeType?: string;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(0)
  weight?: number;
}

@InputType()
export class SendTemplateInput {
  @Field()
  @IsString({ message: INPUT_MESSAGES.invalidTemplate })
  @MinLength(1, { message: INPUT_MESSAGES.invalidTemplate })
  @MaxLength(512, { message: INPUT_MESSAGES.invalidTemplate })
  name: string;

  @Field({ defaultValue: 'es_MX' })
  @IsString()
  @MaxLength(10, { message: INPUT_MESSAGES.invalidLanguage })
  language: string;

  /** Values of the body's {{1}}, {{2}}… in order. */
  @Field(() => [String], { defaultValue: [] })
  @ArrayMaxSize(20, { message: COMPOSE_MESSAGES.tooManyVariables })
  @IsString({ each: true })
  @MaxLength(1024, { each: true, message: COMPOSE_MESSAGES.variableTooLong })
  bodyParameters: string[];
}

/** One message to a conversation: exactly one of text, media, location or contacts (caption goes in text). */
@InputType()
export class SendMessageInput {
  @Field(() => Int)
  @IsId(INPUT_MESSAGES.invalidConversation)
  clientId: number;

  @Field({ nullable: true })
  @IsOptional()
  @IsString({ message: INPUT_MESSAGES.invalidMessage })
  @MaxLength(MESSAGE_TEXT_MAX, { message: COMPOSE_MESSAGES.textTooLong })
  text?: string;

  @Field(() => SendMediaInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => SendMediaInput)
  media?: SendMediaInput;

  @Field(() => SendLocationInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => SendLocationInput)
  location?: SendLocationInput;

  @Field(() => [SendContactInput], { nullable: true })
  @IsOptional()
  @ArrayMinSize(1, { message: COMPOSE_MESSAGES.contactsRequired })
  @ArrayMaxSize(SHARED_CONTACTS_MAX, { message: COMPOSE_MESSAGES.contactsMax })
  @ValidateNested({ each: true })
  @Type(() => SendContactInput)
  contacts?: SendContactInput[];

  @Field(() => SendTemplateInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => SendTemplateInput)
  template?: SendTemplateInput;

  /** Our id of the message being answered (quoted). */
  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsId(INPUT_MESSAGES.invalidQuotedMessage)
  quotedMsgId?: number;

  /** The web client's temporary id of its optimistic bubble (02 §3). */
  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(80)
  fakeId?: string;
}
