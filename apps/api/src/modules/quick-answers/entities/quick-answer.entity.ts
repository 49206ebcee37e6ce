import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import type { QuickAnswerFile } from '../../../database/column-types';
import { Space } from '../../spaces/entities/space.entity';

/** 02 §3 Quick answer: belongs to a space; the shortcut is stored without its leading '/'. */
@Entity('quick_answers')
// Unique per space whatever the case: an expression index ("spaceId", lower(shortcut)) made by migration
// 1763876000000 (TypeORM cannot declare an expression), so the schema check leaves it alone.
@Index('UQ_quick_answers_space_lower_shortcut', { synchronize: false })
export class QuickAnswer {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  companyId: number;

  @Column({ type: 'integer' })
  spaceId: number;

  @ManyToOne(() => Space, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'spaceId' })
  space?: Space;

  @Column({ type: 'varchar', length: 60 })
  shortcut: string;

  @Column({ type: 'text' })
  text: string;

  @Column({ type: 'jsonb', nullable: true })
  file: QuickAnswerFile | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastUse: Date | null;

  /** How many times it was used (the spec's spelling). */
  @Column({ type: 'integer', default: 0 })
  frecuency: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}

export type { QuickAnswerFile };
