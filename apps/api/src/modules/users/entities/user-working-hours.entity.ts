import type { WorkingDay } from '@crm/shared';
import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { User } from './user.entity';

/** 02 §3 Working hours: one row per user, the seven days in one document (always read and written whole). */
@Entity('user_working_hours')
export class UserWorkingHours {
  @PrimaryColumn({ type: 'integer' })
  userId: number;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: User;

  @Column({ type: 'varchar', length: 60 })
  timezone: string;

  @Column({ type: 'boolean', default: false })
  isActive: boolean;

  @Column({ type: 'jsonb' })
  days: WorkingDay[];

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
