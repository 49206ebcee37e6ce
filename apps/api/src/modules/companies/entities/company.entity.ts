import { type CompanySettings, CompanyStatus, PaymentMethod, Plan } from '@crm/shared';
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

  /** Seats bought with the subscription; null: the plan's default (shared PLAN_TEAM_LIMITS). */
  @Column({ type: 'integer', nullable: true })
  usersLimit: number | null;

  @Column({ type: 'integer', nullable: true })
  adminsLimit: number | null;

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

  /** 02 §3 Company settings; read through companySettings() so missing keys take their defaults. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  settings: Partial<CompanySettings>;

  /** Where "Enviar al CRM" posts a contact (02 §7 /sendToCRM); null until an admin sets it. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  crmWebhookUrl: string | null;

  /** HMAC key of those posts, sealed with the application's encryption key. */
  @Column({ type: 'text', nullable: true })
  crmWebhookSecret: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
