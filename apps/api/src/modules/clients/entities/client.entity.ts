import type { ReferralView } from '@crm/shared';
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
import { Channel } from '../../channels/entities/channel.entity';
import { Company } from '../../companies/entities/company.entity';

/** A conversation with one contact on one channel (02 §3 "Conversation (client)"). */
@Entity('clients')
// Keyset pagination of the inbox: newest activity first, id as tie-breaker. Read backwards, these give exactly
// ORDER BY "lastUpdate" DESC, id DESC (lastUpdate is NOT NULL for that reason), so a page stops after its rows.
@Index('IDX_clients_company_last_update', ['companyId', 'lastUpdate', 'id'])
@Index('IDX_clients_company_agent_last_update', ['companyId', 'agentId', 'lastUpdate', 'id'])
// The contacts panel's 'Últimos Creados' order (02 §2).
@Index('IDX_clients_company_created_at', ['companyId', 'createdAt', 'id'])
// Statistics count the conversations started from an ad (referral->>'source' = 'ad') per company and period.
@Index('IDX_clients_company_referral', ['companyId', 'createdAt'], { where: '"referral" IS NOT NULL' })
// Keyword search is a substring match (02 §5): trigram GIN indexes, created by migration (TypeORM cannot declare
// an operator class), so the schema check leaves them alone.
@Index('IDX_clients_cleaned_name_trgm', { synchronize: false })
@Index('IDX_clients_sender_trgm', { synchronize: false })
export class Client {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  companyId: number;

  @ManyToOne(() => Company, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'companyId' })
  company?: Company;

  @Column({ type: 'integer' })
  channelId: number;

  @ManyToOne(() => Channel, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'channelId' })
  channel?: Channel;

  /** 02 §3: channel id joined with sender id; unique, so a racing first message creates one conversation. */
  @Column({ type: 'varchar', length: 200, unique: true })
  key: string;

  @Column({ type: 'varchar', length: 120 })
  senderId: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  name: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  nameFromChannel: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  lastName: string | null;

  /** Lower-case, accent-free, no spaces, phone appended: what keyword search matches (02 §3, §5). */
  @Column({ type: 'varchar', length: 400, default: '' })
  cleanedName: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  imageUrl: string | null;

  @Column({ type: 'double precision', default: 0 })
  priority: number;

  @Column({ type: 'integer', default: 0 })
  unreadMessagesCount: number;

  @Column({ type: 'boolean', default: false })
  answered: boolean;

  @Column({ type: 'boolean', default: false })
  isArchived: boolean;

  @Column({ type: 'boolean', default: false })
  isBroadcastMessage: boolean;

  @Column({ type: 'boolean', default: false })
  isConversationValuable: boolean;

  @Column({ type: 'boolean', default: false })
  setValuableByUser: boolean;

  @Column({ type: 'boolean', default: false })
  hasFollowUpMessage: boolean;

  @Column({ type: 'boolean', default: false })
  isClosed: boolean;

  @Column({ type: 'integer', nullable: true })
  agentId: number | null;

  @Column({ type: 'integer', nullable: true })
  groupAdminId: number | null;

  @Column({ type: 'integer', nullable: true })
  categoryId: number | null;

  @Column({ type: 'integer', nullable: true })
  lastMessageId: number | null;

  @Column({ type: 'text', nullable: true })
  lastMessage: string | null;

  @Column({ type: 'varchar', length: 12, nullable: true })
  lastMessageStatus: string | null;

  @Column({ type: 'varchar', length: 12, nullable: true })
  lastMessageSender: string | null;

  /** Last activity; the inbox's sort key, so never null (a conversation with no message yet: its creation). */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  lastUpdate: Date;

  /** Last message from the contact: the reply window is counted from it. */
  @Column({ type: 'timestamptz', nullable: true })
  whatsappLastMessageAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  whatsappStartedAt: Date | null;

  /** End of the reply window (provider's expiration when given, else last contact message + 24 h / 7 days). */
  @Column({ type: 'timestamptz', nullable: true })
  windowExpiresAt: Date | null;

  @Column({ type: 'varchar', length: 20, default: 'CHANNEL' })
  source: string;

  /** The first ad, post or link the customer came from (ReferralView of packages/shared); kept once set. */
  @Column({ type: 'jsonb', nullable: true })
  referral: ReferralView | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
