import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';

import { EntityManager, type FilterQuery, raw } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';

import { AuditService } from '../audit/audit.service.js';
import { isUuid } from '../common/ids.js';
import { escapeLike } from '../common/like.js';
import { findList, idsOf, type ListQuery, ListResult } from '../common/list-query.js';
import type { SpooledUpload } from '../common/multipart.js';
import { detectFileKind } from '../storage/file-types.js';
import { StorageService } from '../storage/storage.service.js';
import type { User } from '../users/user.entity.js';
import { RESOURCE_DESCRIPTION_MAX, RESOURCE_TITLE_MAX, type ResourceDto, type UpdateResourceDto } from './dto/resource.dto.js';
import { Resource, RESOURCE_CATEGORIES, type ResourceCategory } from './resource.entity.js';

export const UPLOAD_REQUIRED = 'Please select a file and enter a title';
export const RESOURCE_LIST_RULES = {
  sortable: ['createdAt', 'title', 'category', 'downloadCount', 'fileSize'],
  filterable: ['q', 'category'],
  idFilter: true,
} as const;
/** The admin's list also takes `includeInactive` in its filter (the query parameter of the same name still works). */
export const ADMIN_RESOURCE_LIST_RULES = {
  ...RESOURCE_LIST_RULES,
  filterable: [...RESOURCE_LIST_RULES.filterable, 'includeInactive'],
  booleanFilters: ['includeInactive'],
} as const;

export function toResourceDto(resource: Resource): ResourceDto {
  return {
    id: resource.id,
    title: resource.title,
    description: resource.description,
    category: resource.category,
    fileType: resource.fileType,
    fileSize: Number(resource.fileSize),
    downloadCount: resource.downloadCount,
    isActive: resource.isActive,
    isPublic: resource.isPublic,
    createdAt: resource.createdAt.toISOString(),
  };
}

function category(value: string | undefined): ResourceCategory {
  const chosen = value?.trim() || 'general';
  if (!(RESOURCE_CATEGORIES as readonly string[]).includes(chosen)) {
    throw new BadRequestException({ message: `category must be one of ${RESOURCE_CATEGORIES.join(', ')}`, field: 'category' });
  }
  return chosen as ResourceCategory;
}

const snapshot = (r: Resource) => ({
  title: r.title,
  description: r.description,
  category: r.category,
  isActive: r.isActive,
  isPublic: r.isPublic,
});

/** The resource library: admins manage it (every change audited), brokers browse and download. */
@Injectable()
export class ResourcesService {
  constructor(
    private readonly em: EntityManager,
    private readonly storage: StorageService,
    private readonly audit: AuditService,
  ) {}

  async find(id: string): Promise<Resource> {
    const resource = isUuid(id) ? await this.em.findOne(Resource, { id }) : null;
    if (!resource) throw new NotFoundException('Resource not found');
    return resource;
  }

  async list(query: ListQuery, options: { includeInactive: boolean }): Promise<ListResult<ResourceDto>> {
    const terms: FilterQuery<Resource>[] = [];
    if (!options.includeInactive && query.filter.includeInactive !== true) terms.push({ isActive: true });
    if (typeof query.filter.category === 'string') terms.push({ category: query.filter.category as ResourceCategory });
    const ids = idsOf(query);
    if (ids) terms.push({ id: { $in: ids } });
    const q = typeof query.filter.q === 'string' ? query.filter.q.trim().toLowerCase() : '';
    if (q) terms.push({ [raw(`lower(title || ' ' || description)`)]: { $like: `%${escapeLike(q)}%` } });
    const result = await findList(this.em, Resource, {
      resource: 'resources',
      where: { $and: terms },
      query,
      defaultSort: { field: 'createdAt', order: 'DESC' },
    });
    return result.map(toResourceDto);
  }

  /**
   * Stores an uploaded file as a new resource: its type is read from its bytes (Office files must be
   * sane ZIPs), it is stored under a generated key, and the row and audit entry are written together.
   */
  async create(admin: User, upload: SpooledUpload): Promise<ResourceDto> {
    try {
      const title = upload.fields.title?.trim();
      if (!upload.file || upload.file.size === 0 || !title) throw new BadRequestException(UPLOAD_REQUIRED);
      if (title.length > RESOURCE_TITLE_MAX)
        throw new BadRequestException({ message: `title must be at most ${RESOURCE_TITLE_MAX} characters`, field: 'title' });
      const description = upload.fields.description?.trim() ?? '';
      if (description.length > RESOURCE_DESCRIPTION_MAX) {
        throw new BadRequestException({
          message: `description must be at most ${RESOURCE_DESCRIPTION_MAX} characters`,
          field: 'description',
        });
      }
      const chosen = category(upload.fields.category);
      const kind = await detectFileKind(upload.file.path);
      if (!kind) {
        throw new BadRequestException(
          'This file type is not accepted: upload a PDF, Word, Excel or PowerPoint file, an image (PNG, JPEG, WebP, GIF) or a video (MP4, WebM)',
        );
      }
      const key = `resources/${randomUUID()}.${kind.type}`;
      await this.storage.putFile(key, upload.file.path, kind.mimeType);
      try {
        return await this.em.transactional(async (em) => {
          const resource = em.create(Resource, {
            title,
            description,
            category: chosen,
            fileType: kind.type,
            mimeType: kind.mimeType,
            fileSize: upload.file!.size,
            originalName: (upload.file!.filename || `${title}.${kind.type}`).slice(0, 255),
            storageKey: key,
            uploadedBy: admin.id,
          });
          this.audit.record(em, {
            adminId: admin.id,
            action: 'resource_uploaded',
            targetType: 'resource',
            targetId: resource.id,
            after: snapshot(resource),
          });
          await em.flush();
          return toResourceDto(resource);
        });
      } catch (error) {
        await this.storage.delete(key);
        throw error;
      }
    } finally {
      if (upload.file) await rm(upload.file.path, { force: true });
    }
  }

  async update(
    admin: User,
    id: string,
    input: UpdateResourceDto & { isActive?: boolean; isPublic?: boolean },
    action: string,
  ): Promise<ResourceDto> {
    return this.em.transactional(async (em) => {
      const resource = await this.find(id);
      const before = snapshot(resource);
      if (input.title !== undefined) {
        const title = input.title.trim();
        if (!title) throw new BadRequestException({ message: 'title is required', field: 'title' });
        resource.title = title;
      }
      if (input.description !== undefined) resource.description = input.description.trim();
      if (input.category !== undefined) resource.category = category(input.category);
      if (input.isActive !== undefined) resource.isActive = input.isActive;
      if (input.isPublic !== undefined) resource.isPublic = input.isPublic;
      em.persist(resource);
      this.audit.record(em, {
        adminId: admin.id,
        action,
        targetType: 'resource',
        targetId: resource.id,
        before,
        after: snapshot(resource),
      });
      await em.flush();
      return toResourceDto(resource);
    });
  }

  /** Deletes the row (with its audit entry) and then the stored file; if the row cannot go, the file stays. */
  async remove(admin: User, id: string): Promise<void> {
    const key = await this.em.transactional(async (em) => {
      const resource = await this.find(id);
      this.audit.record(em, {
        adminId: admin.id,
        action: 'resource_deleted',
        targetType: 'resource',
        targetId: resource.id,
        before: snapshot(resource),
      });
      const storageKey = resource.storageKey;
      em.remove(resource);
      await em.flush();
      return storageKey;
    });
    await this.storage.delete(key);
  }

  /** Counts a download (whole-file requests and the first range) atomically. */
  async countDownload(id: string): Promise<void> {
    await this.em.nativeUpdate(Resource, { id }, { downloadCount: raw('download_count + 1') });
  }
}
