import { CompanyStatus, PaymentMethod, Plan } from '@crm/shared';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('companies')
export class Company {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 120, unique: true })
  name: string;

  @Column({ type: 'varchar', length: 60, default: CompanyStatus.ACTIVE })
  status: CompanyStatus;

  @Column({ type: 'integer', default: Plan.BASIC })
  plan: Plan;

  @Column({ type: 'timestamptz', nullable: true })
  expirationDate: Date | null;

  @Column({ type: 'integer', default: 0 })
  paymentIntents: number;

  @Column({ type: 'varchar', length: 20, nullable: true })
  paymentMethod: PaymentMethod | null;

  @Column({ type: 'boolean', default: false })
  isBoardsActive: boolean;

  /** Company policy: every user of the company signs in with a TOTP second factor. */
  @Column({ type: 'boolean', default: false })
  hasUsed2FA: boolean;

  @Column({ type: 'varchar', length: 60, default: 'America/Mexico_City' })
  timezone: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
