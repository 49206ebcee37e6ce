import {
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { Client } from '../../clients/entities/client.entity';
import { DatasheetField } from './datasheet-field.entity';

/** 02 §3 "Client info entry": one data-sheet value of one conversation. */
@Entity('client_infos')
@Index('UQ_client_infos_client_field', ['clientId', 'fieldId'], { unique: true })
export class ClientInfo {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  clientId: number;

  @ManyToOne(() => Client, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'clientId' })
  client?: Client;

  @Index('IDX_client_infos_field')
  @Column({ type: 'integer' })
  fieldId: number;

  @ManyToOne(() => DatasheetField, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'fieldId' })
  field?: DatasheetField;

  @Column({ type: 'text' })
  value: string;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
