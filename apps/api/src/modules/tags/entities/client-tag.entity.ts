import { CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Client } from '../../clients/entities/client.entity';
import { Tag } from './tag.entity';

/** A tag on a conversation; the primary key makes tagging twice a no-op. */
@Entity('client_tags')
@Index('IDX_client_tags_tag', ['tagId', 'clientId'])
export class ClientTag {
  @PrimaryColumn({ type: 'integer' })
  clientId: number;

  @PrimaryColumn({ type: 'integer' })
  tagId: number;

  @ManyToOne(() => Client, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'clientId' })
  client?: Client;

  @ManyToOne(() => Tag, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tagId' })
  tag?: Tag;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
