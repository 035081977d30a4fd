import {
  applyDecorators,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Param,
  Patch,
  Post,
  Put,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { ApiBody, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';

import { TokenScopes } from '../api-tokens/scopes.js';
import { AdminOnly, BrokerOnly, CurrentUser, Public } from '../auth/access.decorators.js';
import { ApiFileResponse } from '../common/api-file-response.js';
import { Consumes } from '../common/content-type.js';
import { ApiListQuery, ListParams } from '../common/list-params.decorator.js';
import type { ListQuery, ListResult } from '../common/list-query.js';
import { receiveUpload } from '../common/multipart.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { StorageService } from '../storage/storage.service.js';
import type { User } from '../users/user.entity.js';
import { downloadHeaders, requestedRange } from './download.js';
import {
  RESOURCE_DESCRIPTION_MAX,
  RESOURCE_TITLE_MAX,
  ResourceDto,
  ToggleActiveDto,
  TogglePublicDto,
  UpdateResourceDto,
} from './dto/resource.dto.js';
import { type Resource, RESOURCE_CATEGORIES } from './resource.entity.js';
import { ADMIN_RESOURCE_LIST_RULES, RESOURCE_LIST_RULES, ResourcesService } from './resources.service.js';

/** The answers of a download: the whole file, or the part a Range header asks for. */
const ApiDownload = () =>
  applyDecorators(
    ApiFileResponse({
      mediaType: '*/*',
      description: 'The whole file, in its own media type (Content-Type)',
      filename: 'medicare-basics.pdf',
    }),
    ApiFileResponse({
      mediaType: '*/*',
      status: 206,
      description: 'The part of the file that the Range header asked for (Content-Range says which)',
      filename: 'medicare-basics.pdf',
    }),
  );

/** Streams a stored resource with Range support (videos seek and resume). */
async function sendFile(
  resources: ResourcesService,
  storage: StorageService,
  resource: Resource,
  req: Request,
  res: Response,
): Promise<void> {
  const size = Number(resource.fileSize);
  const range = requestedRange(req.get('range'), size);
  if (range === 'invalid') {
    res.status(416).set('Content-Range', `bytes */${size}`).end();
    return;
  }
  if (!range || range.start === 0) await resources.countDownload(resource.id);
  const stream = await storage.read(resource.storageKey, range);
  downloadHeaders(res, { size, mimeType: resource.mimeType, filename: resource.originalName, range });
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

@ApiTags('resources: admin')
@Controller('admin/resources')
@TokenScopes({ read: 'admin:read', write: 'admin:write' })
@AdminOnly()
export class AdminResourcesController {
  constructor(
    private readonly resources: ResourcesService,
    private readonly storage: StorageService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Every resource, inactive ones with includeInactive=true (or in the filter); filter q searches title and description',
    description: 'q is looked for in the title and the description, whatever the case; % and _ are plain text.',
  })
  @ApiQuery({ name: 'includeInactive', required: false, type: Boolean })
  @ApiListQuery(ADMIN_RESOURCE_LIST_RULES, {
    type: ResourceDto,
    resource: 'resources',
    filterExample: { q: 'enrollment', includeInactive: true },
  })
  list(
    @Query('includeInactive') includeInactive: string | undefined,
    @ListParams(ADMIN_RESOURCE_LIST_RULES) query: ListQuery,
  ): Promise<ListResult<ResourceDto>> {
    return this.resources.list(query, { includeInactive: includeInactive === 'true' });
  }

  @Post()
  @ApiOperation({ summary: 'Uploads a resource (multipart: file, title, description, category)' })
  @Consumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file', 'title'],
      properties: {
        file: { type: 'string', format: 'binary' },
        title: { type: 'string', maxLength: RESOURCE_TITLE_MAX },
        description: { type: 'string', maxLength: RESOURCE_DESCRIPTION_MAX },
        category: { type: 'string', enum: [...RESOURCE_CATEGORIES], default: 'general' },
      },
    },
  })
  @ApiOkResponse({ type: ResourceDto })
  async create(@CurrentUser() admin: User, @Req() req: Request): Promise<ResourceDto> {
    const upload = await receiveUpload(req, 'file', this.config.uploads.resourceMaxBytes, await this.storage.spoolFile());
    return this.resources.create(admin, upload);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Changes a resource’s title, description or category' })
  @ApiOkResponse({ type: ResourceDto })
  update(@CurrentUser() admin: User, @Param('id') id: string, @Body() body: UpdateResourceDto): Promise<ResourceDto> {
    return this.resources.update(admin, id, body, 'resource_updated');
  }

  @Patch(':id/toggle')
  @ApiOperation({ summary: 'Shows a resource to brokers (active) or hides it' })
  @ApiOkResponse({ type: ResourceDto })
  toggle(@CurrentUser() admin: User, @Param('id') id: string, @Body() body: ToggleActiveDto): Promise<ResourceDto> {
    return this.resources.update(admin, id, { isActive: body.isActive }, body.isActive ? 'resource_activated' : 'resource_deactivated');
  }

  @Patch(':id/toggle-public')
  @ApiOperation({ summary: 'Makes a resource downloadable without signing in (public), or not' })
  @ApiOkResponse({ type: ResourceDto })
  togglePublic(@CurrentUser() admin: User, @Param('id') id: string, @Body() body: TogglePublicDto): Promise<ResourceDto> {
    return this.resources.update(admin, id, { isPublic: body.isPublic }, body.isPublic ? 'resource_made_public' : 'resource_made_private');
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Deletes a resource with its stored file' })
  @ApiNoContentResponse({ description: 'Deleted, with its stored file' })
  remove(@CurrentUser() admin: User, @Param('id') id: string): Promise<void> {
    return this.resources.remove(admin, id);
  }
}

@ApiTags('resources')
@Controller()
export class ResourcesController {
  constructor(
    private readonly resources: ResourcesService,
    private readonly storage: StorageService,
  ) {}

  @Get('resources')
  @BrokerOnly()
  @ApiOperation({ summary: 'Active resources; filter q searches title and description, category filters' })
  @ApiListQuery(RESOURCE_LIST_RULES, { type: ResourceDto, resource: 'resources', filterExample: { category: 'general' } })
  list(@ListParams(RESOURCE_LIST_RULES) query: ListQuery): Promise<ListResult<ResourceDto>> {
    return this.resources.list(query, { includeInactive: false });
  }

  @Get('resources/:id/download')
  @BrokerOnly()
  @ApiOperation({ summary: 'Downloads an active resource (Range requests supported)' })
  @ApiDownload()
  @ApiNotFoundResponse({ description: 'No such active resource' })
  async download(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const resource = await this.resources.find(id);
    if (!resource.isActive) throw new NotFoundException('Resource not found');
    await sendFile(this.resources, this.storage, resource, req, res);
  }

  @Get('public/resources/:id/download')
  @Public()
  @ApiOperation({ summary: 'Downloads a resource that is active and public, without signing in (Range requests supported)' })
  @ApiDownload()
  @ApiNotFoundResponse({ description: 'No such public resource' })
  async publicDownload(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const resource = await this.resources.find(id);
    if (!resource.isActive || !resource.isPublic) throw new NotFoundException('Resource not found');
    await sendFile(this.resources, this.storage, resource, req, res);
  }
}
