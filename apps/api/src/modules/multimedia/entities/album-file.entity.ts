import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { Album } from './album.entity';

/**
 * 01 §3 File of an album: an upload kept in the private storage area (storageKey), or a video given by its
 * URL (url). Names are unique in an album, compared by nameKey: ERROR_DUPLICATED_FILE.
 */
@Entity('files')
@Index('UQ_files_album_name', ['albumId', 'nameKey'], { unique: true })
export class AlbumFile {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'integer' })
  companyId: number;

  @Column({ type: 'integer' })
  albumId: number;

  @ManyToOne(() => Album, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'albumId' })
  album?: Album;

  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Column({ type: 'varchar', length: 255 })
  nameKey: string;

  /** IMAGE, VIDEO or DOCUMENT. */
  @Column({ type: 'varchar', length: 20 })
  fileType: string;

  /** Found from the content (magic bytes), not from the name; null for a video given by URL. */
  @Column({ type: 'varchar', length: 120, nullable: true })
  mimeType: string | null;

  /** Bytes; null for a video given by URL. */
  @Column({ type: 'integer', nullable: true })
  weight: number | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  storageKey: string | null;

  @Column({ type: 'varchar', length: 2000, nullable: true })
  url: string | null;

  @Column({ type: 'integer', nullable: true })
  createdById: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
