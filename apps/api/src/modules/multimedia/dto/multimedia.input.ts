import { albumNameError, INPUT_MESSAGES } from '@crm/shared';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsOptional, IsString, ValidateIf } from 'class-validator';
import { IsId } from '../../../common/decorators/id.decorator';
import { Rule } from '../../../common/decorators/rule.decorator';

/** 01 §7 POST /createAlbum {companyId, spaceId, name, parentId?}. */
export class CreateAlbumInput {
  /** Accepted for compatibility and ignored: the company comes from the token. */
  @ApiPropertyOptional({
    description: 'Accepted for compatibility and ignored: the company comes from the token',
  })
  @IsOptional()
  companyId?: unknown;

  /** The caller's selected space when absent; the parent's space for a sub-album. */
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    nullable: true,
    description: "The caller's selected space when absent; the parent's space for a sub-album",
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidSpace)
  spaceId?: number | null;

  @ApiProperty({ maxLength: 100 })
  @Rule(albumNameError)
  name: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, nullable: true })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidAlbum)
  parentId?: number | null;
}

/** 01 §7 DELETE /deleteAlbum {albumId}. */
export class DeleteAlbumInput {
  @ApiProperty({ type: 'integer', minimum: 1 })
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidAlbum)
  albumId: number;
}

/** 01 §7 PUT /uploadFile: multipart files with albumId, or {name, url, albumId, fileType: 'VIDEO'}. */
export class UploadFileInput {
  @ApiProperty({ type: 'integer', minimum: 1 })
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidAlbum)
  albumId: number;

  @ApiPropertyOptional({ description: 'Video link (JSON body): its name' })
  @IsOptional()
  @IsString({ message: INPUT_MESSAGES.invalidName })
  name?: string;

  @ApiPropertyOptional({ description: 'Video link (JSON body): its URL' })
  @IsOptional()
  @IsString({ message: INPUT_MESSAGES.invalidUrl })
  url?: string;

  @ApiPropertyOptional({ example: 'VIDEO', description: "Video link (JSON body): 'VIDEO'" })
  @IsOptional()
  @IsString({ message: INPUT_MESSAGES.invalidType })
  fileType?: string;
}

/** 01 §7 DELETE /removeContent {fileId}. */
export class RemoveContentInput {
  @ApiProperty({ type: 'integer', minimum: 1 })
  @Type(() => Number)
  @IsId(INPUT_MESSAGES.invalidFile)
  fileId: number;
}
