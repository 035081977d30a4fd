import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';

import type { Actor } from '../agency-log/actor.js';
import { TokenScopes } from '../api-tokens/scopes.js';
import { BrokerOnly, CurrentActor, CurrentBook, CurrentMember, type RequestMember } from '../auth/access.decorators.js';
import type { ClientBook } from '../members/book.js';
import { MemberMay } from '../members/member-rule.js';
import { CommissionsService } from './commissions.service.js';
import { CreatePolicyDto, PolicyDto, UpdatePolicyDto } from './dto/policy.dto.js';
import { PoliciesService } from './policies.service.js';
import type { Policy } from './policy.entity.js';

const CHECKS =
  'A plan ID of the form H1234-001-000 whose contract letter fits the type, a Medigap letter for Medigap alone, a date for a ' +
  'terminated policy, a writing member who has joined: { message, field }';

/** A client's policies, on the client's page (docs/policies.md). */
@ApiTags('policies')
@Controller('clients/:id/policies')
@TokenScopes({ read: 'policies:read', write: 'policies:write' })
@BrokerOnly()
@MemberMay({ write: 'clients:write' })
export class ClientPoliciesController {
  constructor(
    private readonly policies: PoliciesService,
    private readonly commissions: CommissionsService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'A client’s policies: current ones first (latest effective date first), then terminated and declined' })
  @ApiOkResponse({ type: PolicyDto, isArray: true })
  @ApiNotFoundResponse({ description: 'No such client in your book' })
  async list(@CurrentBook() book: ClientBook, @CurrentMember() member: RequestMember, @Param('id') id: string): Promise<PolicyDto[]> {
    return this.commissions.present(await this.policies.forClient(book, id), member.role);
  }

  @Post()
  @ApiOperation({ summary: 'Adds a policy to the client; who wrote it defaults to you when you are an owner or agent' })
  @ApiCreatedResponse({ type: PolicyDto })
  @ApiBadRequestResponse({ description: CHECKS })
  @ApiNotFoundResponse({ description: 'No such client in your book' })
  async create(
    @CurrentBook() book: ClientBook,
    @CurrentActor() actor: Actor,
    @CurrentMember() member: RequestMember,
    @Param('id') id: string,
    @Body() body: CreatePolicyDto,
  ): Promise<PolicyDto> {
    return this.one(await this.policies.create(book, actor, member.role, id, body), member);
  }

  private async one(policy: Policy, member: RequestMember): Promise<PolicyDto> {
    const [answer] = await this.commissions.present([policy], member.role);
    return answer;
  }
}

/** One policy, by its own id. */
@ApiTags('policies')
@Controller('policies')
@TokenScopes({ read: 'policies:read', write: 'policies:write' })
@BrokerOnly()
@MemberMay({ write: 'clients:write' })
export class PoliciesController {
  constructor(
    private readonly policies: PoliciesService,
    private readonly commissions: CommissionsService,
  ) {}

  // Before ':id', which would otherwise take "carriers" for an id.
  @Get('carriers')
  @ApiOperation({
    summary: 'The carriers of the policies in your book, one spelling each whatever its case, sorted by name',
    description: 'The choices of the client list’s carrier filter (`filter={"carrier":"Humana"}` on GET /api/clients).',
  })
  @ApiOkResponse({ schema: { type: 'array', items: { type: 'string' }, example: ['Aetna', 'Humana'] } })
  carriers(@CurrentBook() book: ClientBook): Promise<string[]> {
    return this.policies.carriers(book);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One policy' })
  @ApiOkResponse({ type: PolicyDto })
  @ApiNotFoundResponse({ description: 'No such policy in your book' })
  async get(@CurrentBook() book: ClientBook, @CurrentMember() member: RequestMember, @Param('id') id: string): Promise<PolicyDto> {
    return this.one(await this.policies.get(book, id), member);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Changes a policy: what is left out keeps its value, null clears an optional field' })
  @ApiOkResponse({ type: PolicyDto })
  @ApiBadRequestResponse({ description: CHECKS })
  @ApiNotFoundResponse({ description: 'No such policy in your book' })
  async update(
    @CurrentBook() book: ClientBook,
    @CurrentActor() actor: Actor,
    @CurrentMember() member: RequestMember,
    @Param('id') id: string,
    @Body() body: UpdatePolicyDto,
  ): Promise<PolicyDto> {
    return this.one(await this.policies.update(book, actor, id, body), member);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Deletes a policy entered by mistake (one that ended is marked terminated instead); answers it as it was' })
  @ApiOkResponse({ type: PolicyDto })
  @ApiNotFoundResponse({ description: 'No such policy in your book' })
  async remove(
    @CurrentBook() book: ClientBook,
    @CurrentActor() actor: Actor,
    @CurrentMember() member: RequestMember,
    @Param('id') id: string,
  ): Promise<PolicyDto> {
    const policy = await this.policies.remove(book, actor, id);
    // Gone with its statement rows' match: what the schedule says, nothing paid.
    const [answer] = await this.commissions.present([policy], member.role);
    return answer;
  }

  private async one(policy: Policy, member: RequestMember): Promise<PolicyDto> {
    const [answer] = await this.commissions.present([policy], member.role);
    return answer;
  }
}
