import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { Company } from '../../companies/entities/company.entity';

/** 02 §3 Tag. `key` is the company id joined with the lower-case name: unique, so duplicates are refused by the index. */
@Entity('tags')
export class Tag {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_tags_company')
  @Column({ type: 'integer' })
  companyId: number;

  @ManyToOne(() => Company, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'companyId' })
  company?: Company;

  @Column({ type: 'varchar', length: 60 })
  name: string;

  @Column({ type: 'varchar', length: 9 })
  color: string;

  @Column({ type: 'varchar', length: 80, unique: true })
  key: string;

  /** Predefined tags (e.g. 'Reasignada') cannot be edited or deleted. */
  @Column({ type: 'boolean', default: false })
  isDefault: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
