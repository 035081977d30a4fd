import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsString, MaxLength } from 'class-validator';

import { IsOptionalNotNull } from '../../common/validation.js';
import { RESOURCE_CATEGORIES, type ResourceCategory } from '../resource.entity.js';

export const RESOURCE_TITLE_MAX = 200;
export const RESOURCE_DESCRIPTION_MAX = 2000;

/** SPEC §3 "Resource". */
export class ResourceDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() title!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ enum: RESOURCE_CATEGORIES }) category!: ResourceCategory;
  @ApiProperty({ example: 'pdf' }) fileType!: string;
  @ApiProperty({ description: 'Bytes' }) fileSize!: number;
  @ApiProperty() downloadCount!: number;
  @ApiProperty() isActive!: boolean;
  @ApiProperty() isPublic!: boolean;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: string;
}

export class UpdateResourceDto {
  @ApiPropertyOptional({ maxLength: RESOURCE_TITLE_MAX }) @IsOptionalNotNull() @IsString() @MaxLength(RESOURCE_TITLE_MAX) title?: string;
  @ApiPropertyOptional({ maxLength: RESOURCE_DESCRIPTION_MAX })
  @IsOptionalNotNull()
  @IsString()
  @MaxLength(RESOURCE_DESCRIPTION_MAX)
  description?: string;
  @ApiPropertyOptional({ enum: RESOURCE_CATEGORIES })
  @IsOptionalNotNull()
  @IsIn([...RESOURCE_CATEGORIES], { message: `category must be one of ${RESOURCE_CATEGORIES.join(', ')}` })
  category?: ResourceCategory;
}

export class ToggleActiveDto {
  @ApiProperty() @IsBoolean({ message: 'isActive must be true or false' }) isActive!: boolean;
}

export class TogglePublicDto {
  @ApiProperty() @IsBoolean({ message: 'isPublic must be true or false' }) isPublic!: boolean;
}
