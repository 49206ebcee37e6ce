import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { Space } from '../../spaces/entities/space.entity';

/**
 * 01 §3 Album: per space; an album of the space (isRoot) may hold sub-albums, a sub-album holds files only.
 * Names are unique among siblings, compared by nameKey (trimmed, lower case): ERROR_DUPLICATED_ALBUM.
 */
@Entity('albums')
@Index('UQ_albums_space_root_name', ['spaceId', 'nameKey'], { unique: true, where: '"parentId" IS NULL' })
@Index('UQ_albums_parent_name', ['parentId', 'nameKey'], { unique: true, where: '"parentId" IS NOT NULL' })
export class Album {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  companyId: number;

  @Column({ type: 'integer' })
  spaceId: number;

  @ManyToOne(() => Space, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'spaceId' })
  space?: Space;

  @Column({ type: 'integer', nullable: true })
  parentId: number | null;

  @ManyToOne(() => Album, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'parentId' })
  parent?: Album | null;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 100 })
  nameKey: string;

  @Column({ type: 'boolean', default: true })
  isRoot: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
