// The type list is packages/shared's DATASHEET_FIELD_TYPES (one source of truth for the API and the web).
import type { DatasheetFieldType } from '@crm/shared';
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

/** 02 §3 Data-sheet field configuration: the extra fields every conversation of the company can carry. */
@Entity('datasheet_fields')
export class DatasheetField {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_datasheet_fields_company')
  @Column({ type: 'integer' })
  companyId: number;

  @ManyToOne(() => Company, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'companyId' })
  company?: Company;

  @Column({ type: 'varchar', length: 80 })
  name: string;

  @Column({ type: 'varchar', length: 10 })
  type: DatasheetFieldType;

  /** Choices of a 'list' field. */
  @Column({ type: 'jsonb', default: () => "'[]'" })
  options: string[];

  @Column({ type: 'varchar', length: 100, unique: true })
  key: string;

  @Column({ type: 'boolean', default: false })
  isDefault: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
