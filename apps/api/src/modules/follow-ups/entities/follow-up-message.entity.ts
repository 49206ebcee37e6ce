import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { FollowUpFile, FollowUpStatus } from '../../../database/column-types';
import { Client } from '../../clients/entities/client.entity';

/** 02 §3 FollowUpMessage: a message scheduled on a conversation (sent by the follow-ups issue's job). */
@Entity('follow_up_messages')
@Index('IDX_follow_up_messages_due', ['sendAt'], { where: `"status" = 'scheduled'` })
export class FollowUpMessage {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  companyId: number;

  @Index('IDX_follow_up_messages_client')
  @Column({ type: 'integer' })
  clientId: number;

  @ManyToOne(() => Client, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'clientId' })
  client?: Client;

  @Column({ type: 'integer' })
  channelId: number;

  /** The agent the message is sent on behalf of. */
  @Column({ type: 'integer', nullable: true })
  agentId: number | null;

  @Column({ type: 'text', default: '' })
  content: string;

  @Column({ type: 'timestamptz' })
  sendAt: Date;

  @Column({ type: 'integer', nullable: true })
  templateId: number | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  variables: string[];

  @Column({ type: 'jsonb', nullable: true })
  file: FollowUpFile | null;

  @Column({ type: 'varchar', length: 12, default: 'scheduled' })
  status: FollowUpStatus;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

export type { FollowUpFile, FollowUpStatus };
