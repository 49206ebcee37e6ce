import { albumNameError } from '@crm/shared';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Min, ValidateIf } from 'class-validator';
import { Rule } from '../../../common/decorators/rule.decorator';

/** 01 §7 POST /createAlbum {companyId, spaceId, name, parentId?}. */
export class CreateAlbumInput {
  /** Accepted for compatibility and ignored: the company comes from the token. */
  @IsOptional()
  companyId?: unknown;

  /** The caller's selected space when absent; the parent's space for a sub-album. */
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @Type(() => Number)
  @IsInt({ message: 'Espacio inválido' })
  @Min(1, { message: 'Espacio inválido' })
  spaceId?: number | null;

  @Rule(albumNameError)
  name: string;

  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @Type(() => Number)
  @IsInt({ message: 'Álbum inválido' })
  @Min(1, { message: 'Álbum inválido' })
  parentId?: number | null;
}

/** 01 §7 DELETE /deleteAlbum {albumId}. */
export class DeleteAlbumInput {
  @Type(() => Number)
  @IsInt({ message: 'Álbum inválido' })
  @Min(1, { message: 'Álbum inválido' })
  albumId: number;
}

/** 01 §7 PUT /uploadFile: multipart files with albumId, or {name, url, albumId, fileType: 'VIDEO'}. */
export class UploadFileInput {
  @Type(() => Number)
  @IsInt({ message: 'Álbum inválido' })
  @Min(1, { message: 'Álbum inválido' })
  albumId: number;

  @IsOptional()
  @IsString({ message: 'Nombre inválido' })
  name?: string;

  @IsOptional()
  @IsString({ message: 'URL inválida' })
  url?: string;

  @IsOptional()
  @IsString({ message: 'Tipo inválido' })
  fileType?: string;
}

/** 01 §7 DELETE /removeContent {fileId}. */
export class RemoveContentInput {
  @Type(() => Number)
  @IsInt({ message: 'Archivo inválido' })
  @Min(1, { message: 'Archivo inválido' })
  fileId: number;
}
