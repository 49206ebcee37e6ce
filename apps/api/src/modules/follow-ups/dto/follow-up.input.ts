import { Field, InputType, Int } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  IsUrl,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { IsId } from '../../../common/decorators/id.decorator';

@InputType()
export class FollowUpFileInput {
  @Field()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] }, { message: 'URL del archivo inválida' })
  @MaxLength(2000, { message: 'URL del archivo inválida' })
  url: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(255, { message: 'Nombre de archivo demasiado largo' })
  name?: string | null;

  @Field()
  @IsString()
  @MaxLength(20)
  fileType: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(120)
  mimeType?: string | null;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  weight?: number | null;
}

/** 02 §5: a follow-up needs its conversation, the agent (the caller), a send time and the channel (the conversation's). */
@InputType()
export class FollowUpInput {
  @Field()
  @IsISO8601({}, { message: 'Fecha de envío inválida' })
  sendAt: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(4096, { message: 'El mensaje es demasiado largo' })
  content?: string | null;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsId('Plantilla inválida')
  templateId?: number | null;

  @Field(() => [String], { nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MaxLength(1024, { each: true })
  variables?: string[] | null;

  @Field(() => FollowUpFileInput, { nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => FollowUpFileInput)
  file?: FollowUpFileInput | null;
}
