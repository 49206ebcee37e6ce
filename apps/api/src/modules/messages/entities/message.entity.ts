import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import type { MessageSender } from '../../../database/column-types';
import { Client } from '../../clients/entities/client.entity';

@Entity('messages')
@Index('IDX_messages_client_created', ['clientId', 'createdAt', 'id'])
// Exactly-once storage of provider deliveries: a redelivered id cannot make a second row, even racing.
@Index('UQ_messages_channel_api_id', ['channelId', 'messageApiId'], {
  unique: true,
  where: '"messageApiId" IS NOT NULL',
})
export class Message {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  companyId: number;

  @Column({ type: 'integer' })
  clientId: number;

  @ManyToOne(() => Client, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'clientId' })
  client?: Client;

  @Column({ type: 'integer' })
  channelId: number;

  /** text, image, video, audio, document, sticker, location, contacts, interactive, button, reaction, template */
  @Column({ type: 'varchar', length: 20, default: 'text' })
  type: string;

  @Column({ type: 'text', default: '' })
  content: string;

  /** Structured parts: file, location, contact cards, template, reaction. */
  @Column({ type: 'jsonb', nullable: true })
  payload: Record<string, unknown> | null;

  @Column({ type: 'varchar', length: 10 })
  sender: MessageSender;

  /** The agent (user id) who sent it, for AGENT messages. */
  @Column({ type: 'integer', nullable: true })
  senderUserId: number | null;

  /** pending, sent, delivered, viewed, deleted, failed, warning (02 §3). */
  @Column({ type: 'varchar', length: 12, nullable: true })
  messageStatus: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  messageApiId: string | null;

  @Column({ type: 'varchar', length: 60, nullable: true })
  errorCode: string | null;

  @Column({ type: 'text', nullable: true })
  errorInfo: string | null;

  @Column({ type: 'integer', nullable: true })
  quotedMsgId: number | null;

  @Column({ type: 'text', nullable: true })
  quotedMsgBody: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  quotedMsgType: string | null;

  @Column({ type: 'boolean', default: false })
  seen: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  seenAt: Date | null;

  @Column({ type: 'integer', nullable: true })
  seenById: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  windowExpiration: Date | null;

  /** When the customer last edited it (the edit's own time): the bubble says 'Editado'. */
  @Column({ type: 'timestamptz', nullable: true })
  editedAt: Date | null;

  /** When the provider says it happened (inbound) or when we accepted it (outbound). */
  @Column({ type: 'timestamptz' })
  time: Date;

  /** The web client's temporary id of an optimistic bubble (02 §3 fakeId), echoed back in events. */
  @Column({ type: 'varchar', length: 80, nullable: true })
  fakeId: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

export type { MessageSender };
