import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  JoinTable,
  ManyToMany,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { ChannelPlatform } from '../../../providers/channels/channel-provider';
import { Company } from '../../companies/entities/company.entity';
import { Space } from '../../spaces/entities/space.entity';

@Entity('channels')
// A webhook names the channel by the provider's id: it is unique per platform, across companies.
@Index('UQ_channels_platform_provider', ['platform', 'providerId'], { unique: true })
export class Channel {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  companyId: number;

  @ManyToOne(() => Company, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'companyId' })
  company?: Company;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'varchar', length: 20 })
  platform: ChannelPlatform;

  /** WhatsApp phone_number_id, Messenger page id, 360dialog number, SMS sender number, sandbox id. */
  @Column({ type: 'varchar', length: 64 })
  providerId: string;

  @Column({ type: 'varchar', length: 20, nullable: true })
  phone: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  pageId: string | null;

  /** Provider token, sealed with SecretBox (never stored in clear). */
  @Column({ type: 'text', nullable: true })
  accessToken: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  imageUrl: string | null;

  @Column({ type: 'boolean', default: true })
  isActive: boolean;

  @Column({ type: 'boolean', default: false })
  useChatbot: boolean;

  @Column({ type: 'varchar', length: 10, default: 'NA' })
  qualityRating: string;

  @Column({ type: 'varchar', length: 20, nullable: true })
  currentLimit: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @ManyToMany(() => Space)
  @JoinTable({
    name: 'space_channels',
    joinColumn: { name: 'channelId', referencedColumnName: 'id' },
    inverseJoinColumn: { name: 'spaceId', referencedColumnName: 'id' },
  })
  spaces?: Space[];

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
