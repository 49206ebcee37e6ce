import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { SurveyOption } from '../../../database/column-types';

/** 02 §3 Survey config: the satisfaction survey sent when a conversation of the channel is closed. */
@Entity('survey_configs')
@Index('UQ_survey_configs_channel', ['channelId'], { unique: true })
export class SurveyConfig {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  companyId: number;

  @Column({ type: 'integer' })
  channelId: number;

  @Column({ type: 'text' })
  initText: string;

  @Column({ type: 'boolean', default: true })
  isActive: boolean;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  options: SurveyOption[];
}

export type { SurveyOption };
