import { CAMPAIGN_MESSAGES, INPUT_MESSAGES, TAG_COLORS, TAG_CONJUNCTIONS } from '@crm/shared';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  ValidateNested,
} from 'class-validator';
import { IsId } from '../../../common/decorators/id.decorator';

// Shapes only (types and their Spanish messages); the campaign's rules are validateCampaignDraft's in
// packages/shared, which the service applies, so the wizard and the API refuse the same things in the same words.

export class CampaignTagInput {
  @ApiProperty({ example: 'Promo diciembre' })
  @IsOptional()
  @IsString({ message: CAMPAIGN_MESSAGES.tagNameEmpty })
  name?: string | null;

  @ApiProperty({ enum: TAG_COLORS, example: TAG_COLORS[0] })
  @IsOptional()
  @IsString({ message: CAMPAIGN_MESSAGES.tagColorInvalid })
  color?: string | null;
}

/** POST /campaign (01 §7 Campaigns): the wizard's draft. */
export class CreateCampaignInput {
  @ApiProperty({ type: 'integer' })
  @IsId(INPUT_MESSAGES.invalidChannel)
  channelId: number;

  @ApiPropertyOptional({ enum: ['TAG'], default: 'TAG', description: 'Excel and Audiencia are not offered' })
  @IsOptional()
  @IsIn(['TAG'], { message: CAMPAIGN_MESSAGES.typeInvalid })
  type?: string | null;

  @ApiProperty({ type: [Number] })
  @IsArray({ message: CAMPAIGN_MESSAGES.tagsRequired })
  @ArrayMaxSize(50, { message: CAMPAIGN_MESSAGES.tagsInvalid })
  @IsInt({ each: true, message: CAMPAIGN_MESSAGES.tagsInvalid })
  tagsIds: number[];

  @ApiProperty({
    example: '2026-12-01T15:00:00.000Z',
    description: 'ISO instant; not before today (company zone)',
  })
  @IsString({ message: CAMPAIGN_MESSAGES.sendAtRequired })
  sendAt: string;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: INPUT_MESSAGES.invalidValue })
  shouldCreateTag?: boolean | null;

  @ApiPropertyOptional({ type: CampaignTagInput, nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => CampaignTagInput)
  tagToCreate?: CampaignTagInput | null;

  @ApiProperty({ maxLength: 120 })
  @IsString({ message: CAMPAIGN_MESSAGES.nameRequired })
  name: string;

  @ApiProperty({ type: 'integer' })
  @IsId(CAMPAIGN_MESSAGES.templateRequired)
  templateId: number;

  @ApiPropertyOptional({
    nullable: true,
    description: "A new header file's URL, or the template's header media",
  })
  @IsOptional()
  @IsString({ message: INPUT_MESSAGES.invalidText })
  fileUrl?: string | null;

  @ApiPropertyOptional({ type: 'integer', description: "The number's daily limit the wizard showed" })
  @IsOptional()
  @IsNumber({}, { message: INPUT_MESSAGES.invalidValue })
  currentMessageLimit?: number | null;

  @ApiPropertyOptional({ description: 'The total the pricing step showed; the server computes its own' })
  @IsOptional()
  @IsNumber({}, { message: INPUT_MESSAGES.invalidValue })
  totalCost?: number | null;

  @ApiPropertyOptional({ enum: TAG_CONJUNCTIONS, nullable: true })
  @IsOptional()
  @IsString({ message: CAMPAIGN_MESSAGES.conjunctionInvalid })
  conjunction?: string | null;
}

/** getTotalPricing and audience: who a campaign would reach now. */
export class CampaignAudienceInput {
  @ApiProperty({ type: 'integer' })
  @IsId(INPUT_MESSAGES.invalidChannel)
  channelId: number;

  @ApiPropertyOptional({ type: 'integer' })
  @IsOptional()
  @IsId(CAMPAIGN_MESSAGES.templateRequired)
  templateId?: number | null;

  @ApiProperty({ type: [Number] })
  @IsArray({ message: CAMPAIGN_MESSAGES.tagsRequired })
  @ArrayMaxSize(50, { message: CAMPAIGN_MESSAGES.tagsInvalid })
  @IsInt({ each: true, message: CAMPAIGN_MESSAGES.tagsInvalid })
  tagsIds: number[];

  @ApiPropertyOptional({ enum: TAG_CONJUNCTIONS, nullable: true })
  @IsOptional()
  @IsString({ message: CAMPAIGN_MESSAGES.conjunctionInvalid })
  conjunction?: string | null;
}

export class CampaignIdInput {
  @ApiProperty({ type: 'integer' })
  @IsId(INPUT_MESSAGES.invalidValue)
  campaignId: number;
}

export class CampaignListQuery {
  @ApiPropertyOptional({ type: 'integer', description: "The caller's company (another one: 403)" })
  @IsOptional()
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidValue)
  companyId?: number | null;

  @ApiPropertyOptional({ type: 'integer' })
  @IsOptional()
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidChannel)
  channelId?: number | null;
}

export class ChannelQuery {
  @ApiProperty({ type: 'integer' })
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidChannel)
  channelId: number;
}

export class ProviderIdQuery {
  @ApiPropertyOptional({ description: "The channel's providerId (its phone number id); or give channelId" })
  @IsOptional()
  @IsString({ message: INPUT_MESSAGES.invalidChannel })
  providerId?: string | null;

  @ApiPropertyOptional({ type: 'integer', description: 'The channel, instead of its providerId' })
  @IsOptional()
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidChannel)
  channelId?: number | null;
}
