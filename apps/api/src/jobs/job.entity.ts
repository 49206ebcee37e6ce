import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A durable unit of work (ARCHITECTURE rule 6): written in the same transaction as what it acts on. */
@Entity('jobs')
@Index('IDX_jobs_ready', ['queue', 'runAt'], { where: '"doneAt" IS NULL' })
export class Job {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'varchar', length: 60 })
  queue: string;

  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  runAt: Date;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ type: 'integer', default: 8 })
  maxAttempts: number;

  /** A claim is a lease: a worker that dies lets the job run again after it expires. */
  @Column({ type: 'timestamptz', nullable: true })
  lockedUntil: Date | null;

  @Column({ type: 'varchar', length: 80, nullable: true })
  lockedBy: string | null;

  @Column({ type: 'text', nullable: true })
  lastError: string | null;

  /** Set once; a second enqueue with the same key is a no-op (e.g. one send per message). */
  @Column({ type: 'varchar', length: 200, nullable: true, unique: true })
  singletonKey: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  doneAt: Date | null;

  @Column({ type: 'boolean', default: false })
  failed: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
