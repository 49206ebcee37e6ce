import type { ChannelStatus } from '@crm/shared';
import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  UpdateDateColumn,
} from 'typeorm';
import { Channel } from '../../channels/entities/channel.entity';

/**
 * The linked-device slot of a sandbox channel (02 §3 Channel status): a device "scans" the QR the product shows,
 * and the channel works while the slot is AUTHENTICATED. One row per channel.
 */
@Entity('channel_slots')
@Index('IDX_channel_slots_company', ['companyId'])
export class ChannelSlot {
  @PrimaryColumn({ type: 'integer' })
  channelId: number;

  @ManyToOne(() => Channel, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'channelId' })
  channel?: Channel;

  @Column({ type: 'integer' })
  companyId: number;

  /** The slot name given when it was requested (02 §7 getQR slotName). */
  @Column({ type: 'varchar', length: 120 })
  name: string;

  @Column({ type: 'varchar', length: 20, default: 'LOGGING' })
  status: ChannelStatus;

  /** SHA-256 of the QR's one-time code: the code itself is only ever shown, never stored. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  pairingCodeHash: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  pairingExpiresAt: Date | null;

  /** 01 §9 chat-history range chosen for the import (all, year, six_months, month, two_weeks, week, day). */
  @Column({ type: 'varchar', length: 20, nullable: true })
  chatHistoryTime: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  linkedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
