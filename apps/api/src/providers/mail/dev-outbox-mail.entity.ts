import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Mail that would have gone out by SMTP, kept for reading at GET /api/dev/outbox when no SMTP_URL is set. */
@Entity('dev_outbox_mails')
export class DevOutboxMail {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 254 })
  to: string;

  @Column({ type: 'varchar', length: 300 })
  subject: string;

  @Column({ type: 'text' })
  text: string;

  @Column({ type: 'text' })
  html: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
