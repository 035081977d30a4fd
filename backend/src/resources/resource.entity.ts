import { randomUUID } from 'node:crypto';

import { OptionalProps } from '@mikro-orm/core';
import { Entity, Enum, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

export const RESOURCE_CATEGORIES = ['general', 'training', 'scripts', 'templates', 'compliance', 'marketing'] as const;
export type ResourceCategory = (typeof RESOURCE_CATEGORIES)[number];

/** A file in the resource library, uploaded by a platform admin for brokers (and, if public, anyone). */
@Entity({ tableName: 'resources' })
@Index({ name: 'resources_active_category_idx', properties: ['isActive', 'category'] })
export class Resource {
  [OptionalProps]?: 'downloadCount' | 'isActive' | 'isPublic' | 'createdAt' | 'description' | 'category';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text', default: '' })
  description: string = '';

  @Enum({ items: [...RESOURCE_CATEGORIES], default: 'general' })
  category: ResourceCategory = 'general';

  /** pdf, docx, png, mp4, … (from the file's bytes). */
  @Property({ type: 'text' })
  fileType!: string;

  @Property({ type: 'text' })
  mimeType!: string;

  @Property({ type: 'bigint' })
  fileSize!: number;

  /** The name it was uploaded with, for the download's filename only. */
  @Property({ type: 'text' })
  originalName!: string;

  @Property({ type: 'text', hidden: true })
  storageKey!: string;

  @Property({ type: 'integer', default: 0 })
  downloadCount: number = 0;

  @Property({ type: 'boolean', default: true })
  isActive: boolean = true;

  @Property({ type: 'boolean', default: false })
  isPublic: boolean = false;

  @Property({ type: 'uuid', nullable: true })
  uploadedBy?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
