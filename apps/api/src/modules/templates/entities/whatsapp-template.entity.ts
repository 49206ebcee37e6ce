import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import type { TemplateComponent, TemplateStatus } from '../../../database/column-types';
import { Channel } from '../../channels/entities/channel.entity';

/** 02 §3 WhatsApp template of a channel; only 'accepted' ones can be sent (02 §4 Templates). */
@Entity('whatsapp_templates')
@Index('UQ_whatsapp_templates_channel_name', ['channelId', 'name', 'language'], { unique: true })
export class WhatsappTemplate {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  companyId: number;

  @Column({ type: 'integer' })
  channelId: number;

  @ManyToOne(() => Channel, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'channelId' })
  channel?: Channel;

  @Column({ type: 'varchar', length: 512 })
  name: string;

  @Column({ type: 'varchar', length: 10, default: 'es' })
  language: string;

  @Column({ type: 'varchar', length: 12, default: 'submitted' })
  status: TemplateStatus;

  @Column({ type: 'varchar', length: 20, default: 'NORMAL_TEMPLATE' })
  type: 'NORMAL_TEMPLATE' | 'CUSTOM_TEMPLATE';

  @Column({ type: 'varchar', length: 12, default: 'utility' })
  category: 'utility' | 'marketing';

  @Column({ type: 'jsonb', default: () => "'[]'" })
  components: TemplateComponent[];

  /** Number of {{n}} variables in the body. */
  @Column({ type: 'integer', default: 0 })
  variables: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

export type { TemplateComponent, TemplateStatus };
