import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

import type { DepartureReason } from './client.entity.js';

/** A client leaving: who, and since when they were the broker's. */
export interface LeavingClient {
  id: string;
  createdAt: Date;
}

/**
 * The SQL on `client_departures`, its only writer: a row when a client is made inactive or deleted,
 * closed when they come back. Every call takes the caller's transaction, so a departure is written
 * with the change of the client it records, or not at all.
 */
@Injectable()
export class DeparturesRepository {
  /** The clients left the broker's book at `at` (made inactive). */
  async depart(em: EntityManager, brokerId: string, clients: LeavingClient[], reason: DepartureReason, at: Date): Promise<void> {
    if (clients.length === 0) return;
    await em.execute(
      `insert into client_departures (id, broker_id, client_id, client_created_at, departed_at, reason)
       select gen_random_uuid(), ?, c.id, c.created_at, ?, ?
         from json_to_recordset(?::json) as c(id uuid, created_at timestamptz)`,
      [brokerId, at, reason, JSON.stringify(clients.map((c) => ({ id: c.id, created_at: c.createdAt })))],
    );
  }

  /** The clients came back at `at` (made active again): their open departure closes. */
  async returned(em: EntityManager, clientIds: string[], at: Date): Promise<void> {
    if (clientIds.length === 0) return;
    await em.execute(
      `update client_departures set returned_at = ? where client_id = any(?::uuid[]) and returned_at is null and not deleted`,
      [at, `{${clientIds.join(',')}}`],
    );
  }

  /** A new reason for the open departure of these clients (the broker corrected it). */
  async changeReason(em: EntityManager, clientIds: string[], reason: DepartureReason): Promise<void> {
    if (clientIds.length === 0) return;
    await em.execute(`update client_departures set reason = ? where client_id = any(?::uuid[]) and returned_at is null`, [
      reason,
      `{${clientIds.join(',')}}`,
    ]);
  }

  /**
   * The clients are being deleted at `at`: a client already gone (inactive, with an open departure)
   * has that departure marked deleted (with `reason` when the broker gave one); any other leaves now
   * with `reason` (default other). An inactive client without a departure on record (made inactive
   * before departures were kept) leaves from when they were made inactive. Either way the departure
   * keeps the member the client was assigned to: once the client row is gone, it alone says whose they were.
   */
  async deleted(
    em: EntityManager,
    brokerId: string,
    clients: (LeavingClient & { isActive: boolean; deactivatedAt?: Date | null; assignedMemberId?: string | null })[],
    reason: DepartureReason | undefined,
    at: Date,
  ): Promise<void> {
    if (clients.length === 0) return;
    const marked = await em.execute<{ client_id: string }[]>(
      `update client_departures d set deleted = true, reason = coalesce(?, d.reason), assigned_member_id = c.member_id
         from json_to_recordset(?::json) as c(id uuid, member_id uuid)
        where d.client_id = c.id and d.returned_at is null and not d.deleted
        returning d.client_id`,
      [reason ?? null, JSON.stringify(clients.map((c) => ({ id: c.id, member_id: c.assignedMemberId ?? null })))],
    );
    const done = new Set(marked.map((row) => row.client_id));
    const rest = clients.filter((c) => !done.has(c.id));
    if (rest.length === 0) return;
    await em.execute(
      `insert into client_departures (id, broker_id, client_id, client_created_at, departed_at, reason, deleted, assigned_member_id)
       select gen_random_uuid(), ?, c.id, c.created_at, c.departed_at, ?, true, c.member_id
         from json_to_recordset(?::json) as c(id uuid, created_at timestamptz, departed_at timestamptz, member_id uuid)`,
      [
        brokerId,
        reason ?? 'other',
        JSON.stringify(
          rest.map((c) => ({
            id: c.id,
            created_at: c.createdAt,
            departed_at: c.isActive ? at : (c.deactivatedAt ?? at),
            member_id: c.assignedMemberId ?? null,
          })),
        ),
      ],
    );
  }
}
