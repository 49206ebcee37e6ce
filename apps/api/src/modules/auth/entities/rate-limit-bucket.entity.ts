import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Fixed-window failure counters kept in PostgreSQL so every API instance sees the same count. */
@Entity('rate_limit_buckets')
export class RateLimitBucket {
  @PrimaryColumn({ type: 'varchar', length: 300 })
  key: string;

  @Column({ type: 'timestamptz' })
  windowStart: Date;

  @Column({ type: 'integer' })
  count: number;
}
