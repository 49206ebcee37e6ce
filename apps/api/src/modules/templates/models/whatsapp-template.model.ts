import type {
  TemplateCategory,
  TemplateComponent,
  TemplateOrigin,
  TemplateStatus,
  TemplateType,
  TemplateView,
} from '@crm/shared';
import { Field, Int, ObjectType } from '@nestjs/graphql';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { JsonScalar } from '../../../common/graphql/json.scalar';

@ObjectType('WhatsappTemplateChannel')
export class WhatsappTemplateChannelModel {
  @ApiProperty({ type: 'integer' })
  @Field(() => Int)
  id: number;

  @ApiProperty()
  @Field()
  name: string;

  @ApiProperty()
  @Field()
  providerId: string;
}

/** 02 §3 WhatsApp template (TemplateView of packages/shared), for GraphQL and the REST answers alike. */
@ObjectType('WhatsappTemplate')
export class WhatsappTemplateModel implements TemplateView {
  @ApiProperty({ type: 'integer' })
  @Field(() => Int)
  id: number;

  @ApiProperty({ type: 'integer' })
  @Field(() => Int)
  channelId: number;

  @ApiPropertyOptional({ type: WhatsappTemplateChannelModel, nullable: true })
  @Field(() => WhatsappTemplateChannelModel, { nullable: true })
  channel: WhatsappTemplateChannelModel | null;

  @ApiProperty()
  @Field()
  name: string;

  @ApiProperty({ example: 'es_MX' })
  @Field()
  language: string;

  @ApiProperty({ enum: ['submitted', 'accepted', 'denied'] })
  @Field(() => String)
  status: TemplateStatus;

  @ApiPropertyOptional({
    nullable: true,
    description: "The provider's last status (APPROVED, REJECTED, PAUSED…)",
  })
  @Field(() => String, {
    nullable: true,
    description: "The provider's last status (APPROVED, REJECTED, PAUSED…).",
  })
  rawStatus: string | null;

  @ApiPropertyOptional({ nullable: true, description: "The provider's reason for a rejection or a pause" })
  @Field(() => String, { nullable: true, description: "The provider's reason for a rejection or a pause." })
  reason: string | null;

  @ApiProperty({ enum: ['NORMAL_TEMPLATE', 'CUSTOM_TEMPLATE'] })
  @Field(() => String)
  type: TemplateType;

  @ApiProperty({ enum: ['utility', 'marketing'] })
  @Field(() => String)
  category: TemplateCategory;

  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: "Cloud API components; a media HEADER's example.header_handle[0] is our URL of the file",
  })
  @Field(() => JsonScalar)
  components: TemplateComponent[];

  @ApiProperty({ type: 'integer' })
  @Field(() => Int)
  variables: number;

  @ApiProperty({ format: 'date-time' })
  @Field()
  createdAt: string;

  // The web counts the 02 §9 limit from the list, as the API does: only the templates created here.
  @ApiProperty({
    enum: ['created', 'imported'],
    description: 'created here (counts toward the limit of 5) or imported from the provider',
  })
  @Field(() => String, { description: 'created here (counts toward the limit of 5) or imported by a sync.' })
  origin: TemplateOrigin;
}

/** Issue 16 POST /whatsappTemplate answer. */
export class CreateTemplateAnswer {
  @ApiProperty({ type: WhatsappTemplateModel })
  createWhatsappTemplate: WhatsappTemplateModel;
}

/** Issue 16 POST /whatsappTemplate/media answer. */
export class TemplateMediaAnswer {
  @ApiProperty({ description: "The provider's handle of the file" })
  handle: string;

  @ApiProperty({ description: 'Our public copy: the HEADER example.header_handle of the creation call' })
  url: string;

  @ApiProperty({ example: 'image/jpeg' })
  mimeType: string;

  @ApiProperty()
  fileName: string;

  @ApiProperty({ type: 'integer' })
  size: number;
}

/** Issue 16 POST /whatsappTemplate/sync answer. */
export class SyncTemplatesAnswer {
  @ApiProperty({ type: 'integer', description: 'Templates the provider has that were not stored' })
  imported: number;

  @ApiProperty({ type: 'integer', description: 'Stored templates whose status, reason or id changed' })
  updated: number;

  @ApiProperty({ type: 'integer', description: "Templates in the provider's list" })
  total: number;
}

/** 02 §7 POST /identify-variables answer. */
export class IdentifyVariablesAnswer {
  @ApiProperty({ enum: ['utility', 'marketing'] })
  category: TemplateCategory;

  @ApiPropertyOptional({
    nullable: true,
    description: 'JSON of proposal.variables when isIdentifyVariables is true, else null',
  })
  variables: string | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      '{ text with {{n}}, originalText, variables: [{ index, example, kind, start, end, accepted }] }',
  })
  proposal: Record<string, unknown>;
}

/** Issue 16 DELETE /whatsappTemplate answer. */
export class DeleteTemplateAnswer {
  @ApiProperty({ example: true })
  deleted: true;
}
