import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ForbiddenException, Injectable, NotFoundException, type OnModuleInit } from '@nestjs/common';

import type { Actor } from '../agency-log/actor.js';
import { ClientsService } from '../clients/clients.service.js';
import { EngagementService } from '../clients/engagement.service.js';
import { Clock } from '../common/clock.js';
import { isUuid } from '../common/ids.js';
import type { ClientBook } from '../members/book.js';
import { ClientInteraction } from './client-interaction.entity.js';
import type { CreateInteractionDto } from './dto/interaction.dto.js';
import { TasksRepository } from './tasks.repository.js';

/** How long after logging it a member may still take back their own entry. */
export const INTERACTION_UNDO_HOURS = 24;

/**
 * The call and meeting log on a client's page: what a member logs (kind, outcome, notes, duration),
 * newest first. A call or meeting in which the client took part counts toward their engagement
 * (docs/clients.md), so logging or deleting one recomputes it.
 */
@Injectable()
export class InteractionsService implements OnModuleInit {
  constructor(
    private readonly em: EntityManager,
    private readonly clients: ClientsService,
    private readonly engagement: EngagementService,
    private readonly tasks: TasksRepository,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.engagement.readConversationsWith((ids) => this.tasks.engagedInteractions(ids, this.clock.now()));
  }

  async forClient(book: ClientBook, clientId: string): Promise<ClientInteraction[]> {
    const client = await this.clients.findOwned(book, clientId);
    return this.em.find(ClientInteraction, { client: client.id }, { orderBy: { at: 'desc', id: 'desc' }, limit: 200 });
  }

  async create(book: ClientBook, actor: Actor, clientId: string, input: CreateInteractionDto): Promise<ClientInteraction> {
    const client = await this.clients.findOwned(book, clientId);
    const now = this.clock.now();
    const at = input.at ? new Date(input.at) : now;
    if (at.getTime() > now.getTime() + 5 * 60_000)
      throw new BadRequestException({ message: 'A call or meeting to log cannot be in the future', field: 'at' });
    const interaction = this.em.create(ClientInteraction, {
      broker: book.agencyId,
      client: client.id,
      kind: input.kind,
      outcome: input.outcome,
      notes: input.notes?.trim() || null,
      durationMinutes: input.durationMinutes ?? null,
      at,
      memberId: actor.memberId,
      createdAt: now,
    });
    await this.em.flush();
    await this.engagement.recompute(client.id);
    return interaction;
  }

  /** Takes back one's own entry within 24 hours of logging it. */
  async remove(book: ClientBook, actor: Actor, clientId: string, id: string): Promise<ClientInteraction> {
    const client = await this.clients.findOwned(book, clientId);
    const interaction = isUuid(id) ? await this.em.findOne(ClientInteraction, { id, client: client.id }) : null;
    if (!interaction) throw new NotFoundException('Call or meeting not found');
    const age = this.clock.now().getTime() - interaction.createdAt.getTime();
    if (interaction.memberId !== actor.memberId || age > INTERACTION_UNDO_HOURS * 3_600_000)
      throw new ForbiddenException('Only the member who logged it may delete it, within 24 hours');
    this.em.remove(interaction);
    await this.em.flush();
    await this.engagement.recompute(client.id);
    return interaction;
  }
}
