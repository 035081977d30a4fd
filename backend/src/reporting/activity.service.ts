import { Injectable, NotFoundException } from '@nestjs/common';

import type { ContactField } from '../clients/contact-change.entity.js';
import { maskContact } from '../clients/contact-changes.service.js';
import { isUuid } from '../common/ids.js';
import type { ClientBook } from '../members/book.js';
import { ActivityRepository, type ActivityRow } from './activity.repository.js';
import { ACTIVITY_TITLES, type ActivityItemDto, TIMELINE_LIMIT } from './dto/activity.dto.js';

/** The broker's latest events (which ones: activity.repository.ts), named and described for the dashboard. */
@Injectable()
export class ActivityService {
  constructor(private readonly events: ActivityRepository) {}

  /** The book's newest events: the agency's, or those of a member's clients. */
  async recent(book: ClientBook, limit: number): Promise<ActivityItemDto[]> {
    return (await this.events.recent(book, limit)).map(activityItem);
  }

  /** One client's newest events for their page; another broker's client is not found (404). */
  async clientTimeline(book: ClientBook, clientId: string): Promise<ActivityItemDto[]> {
    if (!isUuid(clientId) || !(await this.events.inBook(book, clientId))) throw new NotFoundException('Client not found');
    return (await this.events.clientTimeline(book.agencyId, clientId, TIMELINE_LIMIT)).map(activityItem);
  }
}

function activityItem(row: ActivityRow): ActivityItemDto {
  const detail = activityDetail(row);
  return {
    id: row.id,
    kind: row.kind,
    title: ACTIVITY_TITLES[row.kind],
    clientName: row.client_name,
    occurredAt: new Date(row.occurred_at).toISOString(),
    ...(detail && { detail }),
  };
}

function activityDetail(row: ActivityRow): string | undefined {
  if (row.field) return contactDetail(row.field, row.old_value, row.new_value);
  if (row.campaign_name === null) return undefined;
  const name = `“${row.campaign_name}”`;
  if (row.kind === 'campaign_sent') {
    // On a client's page: the campaign that went to them.
    if (row.recipients === null) return name;
    const recipients = row.recipients;
    return `${name} to ${recipients} ${recipients === 1 ? 'client' : 'clients'}`;
  }
  return row.kind === 'campaign_clicked' ? `Clicked a link in ${name}` : `Opened ${name}`;
}

/** "Phone ***-***-0142 → ***-***-0199": what a contact change was, never the full contact. */
function contactDetail(field: ContactField, oldValue: string | null, newValue: string | null): string {
  const shown = (value: string | null) => (value === null ? 'none' : maskContact(field, value));
  return `${field === 'phone' ? 'Phone' : 'E-mail'} ${shown(oldValue)} → ${shown(newValue)}`;
}
