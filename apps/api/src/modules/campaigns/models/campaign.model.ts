import { CAMPAIGN_STATUSES, type CampaignStatus, type CampaignView, type TagConjunction } from '@crm/shared';
import { Field, Float, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('CampaignTag')
export class CampaignTagModel {
  @Field(() => Int)
  id: number;

  @Field()
  name: string;

  @Field()
  color: string;
}

/** 02 §3 Campaign (list view): the CampaignView every campaign route answers (docs/api.md "Broadcast campaigns"). */
@ObjectType('Campaign')
export class CampaignModel implements CampaignView {
  @Field(() => Int)
  id: number;

  @Field()
  name: string;

  @Field(() => Int)
  channelId: number;

  @Field(() => Int)
  companyId: number;

  @Field(() => String, { description: CAMPAIGN_STATUSES.join(', ') })
  status: CampaignStatus;

  @Field({ description: "The status's Spanish label (01 §4)." })
  statusLabel: string;

  @Field(() => [CampaignTagModel])
  selectedTags: CampaignTagModel[];

  @Field(() => String, {
    nullable: true,
    description: 'intersection, difference or union; null with one tag.',
  })
  conjunction: TagConjunction | null;

  @Field(() => Int, { nullable: true })
  templateId: number | null;

  @Field()
  templateName: string;

  @Field(() => String, { nullable: true })
  fileUrl: string | null;

  @Field({ description: 'ISO instant.' })
  sendAt: string;

  @Field({ description: 'ISO instant.' })
  createdAt: string;

  @Field(() => String, { nullable: true, description: "ISO instant; null: 'Pendiente'." })
  lastSendAt: string | null;

  @Field(() => Int)
  total: number;

  @Field(() => Int)
  sent: number;

  @Field(() => Int)
  failed: number;

  @Field(() => Float)
  totalCost: number;
}

/** What deleteCampaign answers: the same as REST's DELETE /campaign/:id. */
@ObjectType('DeletedCampaign')
export class DeletedCampaignModel {
  @Field(() => Int)
  id: number;

  @Field()
  deleted: boolean;
}
