import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  JoinTable,
  ManyToMany,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { TwoFactorStatus } from '../../../database/column-types';
import { Category } from '../../categories/entities/category.entity';
import { Company } from '../../companies/entities/company.entity';
import { Role } from '../../roles/entities/role.entity';
import { Space } from '../../spaces/entities/space.entity';

@Entity('users')
// The team list and every per-company count read users by company.
@Index('IDX_users_company', ['companyId'])
export class User {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  companyId: number;

  @ManyToOne(() => Company, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'companyId' })
  company: Company;

  @Column({ type: 'integer' })
  roleId: number;

  @ManyToOne(() => Role, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'roleId' })
  role: Role;

  @Column({ type: 'varchar', length: 120 })
  name: string;

  /** Stored lower-cased; unique across the product because sign-in is by e-mail alone. */
  @Column({ type: 'varchar', length: 254, unique: true })
  email: string;

  @Column({ type: 'varchar', length: 255 })
  passwordHash: string;

  @Column({ type: 'varchar', length: 20, nullable: true })
  phone: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  imageUrl: string | null;

  @Column({ type: 'boolean', default: true })
  isAvailable: boolean;

  @Column({ type: 'integer', nullable: true })
  locationId: number | null;

  @Column({ type: 'integer', nullable: true })
  selectedSpaceId: number | null;

  @Column({ type: 'integer', array: true, default: () => "'{}'" })
  isAdminOfIds: number[];

  @ManyToMany(() => Space)
  @JoinTable({
    name: 'user_spaces',
    joinColumn: { name: 'userId', referencedColumnName: 'id' },
    inverseJoinColumn: { name: 'spaceId', referencedColumnName: 'id' },
  })
  spaces: Space[];

  /** 02 §3 User.categories: the company's categories this user works with. */
  @ManyToMany(() => Category)
  @JoinTable({
    name: 'user_categories',
    joinColumn: { name: 'userId', referencedColumnName: 'id' },
    inverseJoinColumn: { name: 'categoryId', referencedColumnName: 'id' },
  })
  categories: Category[];

  /** AES-256-GCM sealed base32 secret (see SecretBox); never stored in clear. */
  @Column({ type: 'text', nullable: true })
  twoFactorSecret: string | null;

  @Column({ type: 'varchar', length: 12, default: 'none' })
  twoFactorStatus: TwoFactorStatus;

  /** Last accepted TOTP time step: a code is never accepted twice (replay). */
  @Column({ type: 'bigint', nullable: true })
  totpLastTimeStep: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

export type { TwoFactorStatus };
