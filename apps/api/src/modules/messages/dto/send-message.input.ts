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
  @IsNumber({}, { message: 'Latitud inválida' })
  @Min(-90, { message: 'Latitud inválida' })
  @Max(90, { message: 'Latitud inválida' })
  latitude: number;

  @Field(() => Float)
  @IsNumber({}, { message: 'Longitud inválida' })
  @Min(-180, { message: 'Longitud inválida' })
  @Max(180, { message: 'Longitud inválida' })
  longitude: number;

  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(200, { message: 'Nombre demasiado largo' })
  name?: string;

  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(300, { message: 'Dirección demasiado larga' })
  address?: string;
}

@InputType()
export class SendContactInput {
  @Field()
  @IsString({ message: 'Nombre obligatorio' })
  @MinLength(1, { message: 'Nombre obligatorio' })
  @MaxLength(200, { message: 'Nombre demasiado largo' })
  name: string;

  @Field()
  @IsString({ message: 'Teléfono obligatorio' })
  @MinLength(6, { message: 'Teléfono inválido' })
  @MaxLength(20, { message: 'Teléfono inválido' })
  phone: string;
}

@InputType()
export class SendMediaInput {
  @Field()
  @IsIn(['image', 'video', 'audio', 'document', 'sticker'], { message: 'Tipo de archivo no permitido' })
  type: 'image' | 'video' | 'audio' | 'document' | 'sticker';

  @Field()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'] }, { message: 'URL del archivo inválida' })
  @MaxLength(2000, { message: 'URL del archivo inválida' })
  url: string;

  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(255, { message: 'Nombre de archivo demasiado largo' })
  filename?: string;

  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(100, { message: 'Tipo de archivo no permitido' })
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
  @IsString({ message: 'Plantilla inválida' })
  @MinLength(1, { message: 'Plantilla inválida' })
  @MaxLength(512, { message: 'Plantilla inválida' })
  name: string;

  @Field({ defaultValue: 'es_MX' })
  @IsString()
  @MaxLength(10, { message: 'Idioma inválido' })
  language: string;

  /** Values of the body's {{1}}, {{2}}… in order. */
  @Field(() => [String], { defaultValue: [] })
  @ArrayMaxSize(20, { message: 'Demasiadas variables' })
  @IsString({ each: true })
  @MaxLength(1024, { each: true, message: 'Variable demasiado larga' })
  bodyParameters: string[];
}

/** One message to a conversation: exactly one of text, media, location or contacts (caption goes in text). */
@InputType()
export class SendMessageInput {
  @Field(() => Int)
  @IsId('Conversación inválida')
  clientId: number;

  @Field({ nullable: true })
  @IsOptional()
  @IsString({ message: 'Mensaje inválido' })
  @MaxLength(4096, { message: 'El mensaje no debe exceder los 4096 caracteres' })
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
  @ArrayMinSize(1, { message: 'Elige al menos un contacto' })
  @ArrayMaxSize(2, { message: 'Puedes enviar como máximo 2 contactos' })
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
  @IsId('Mensaje citado inválido')
  quotedMsgId?: number;

  /** The web client's temporary id of its optimistic bubble (02 §3). */
  @Field({ nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(80)
  fakeId?: string;
}
