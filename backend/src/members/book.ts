import type { MemberRole } from './roles.js';

/**
 * The clients a broker request may see (ADR 0011): the agency's whole book, or — for an agent when
 * the agency keeps each agent to their own clients — only the clients assigned to that member.
 * Decided once, by the access guard, from the member's role and the agency's setting; every read
 * of clients for a request goes through it.
 */
export interface ClientBook {
  readonly agencyId: string;
  /** The member whose assigned clients alone are visible; null: the agency's whole book. */
  readonly assignedTo: string | null;
}

/** The agency's whole book: for work done for the agency (jobs, digests, billing counts). */
export function wholeBook(agencyId: string): ClientBook {
  return { agencyId, assignedTo: null };
}

/** The book of a member of this role, under the agency's setting "agents see only their own clients". */
export function memberBook(agencyId: string, memberId: string, role: MemberRole, agentsSeeAssignedOnly: boolean): ClientBook {
  return { agencyId, assignedTo: role === 'agent' && agentsSeeAssignedOnly ? memberId : null };
}

/** The SQL condition keeping a `clients` alias to the book, with its parameters. */
export function bookCondition(book: ClientBook, alias = 'c'): { sql: string; params: unknown[] } {
  return book.assignedTo
    ? { sql: `${alias}.broker_id = ? and ${alias}.assigned_member_id = ?`, params: [book.agencyId, book.assignedTo] }
    : { sql: `${alias}.broker_id = ?`, params: [book.agencyId] };
}

/** The same condition as a MikroORM filter on Client. */
export function bookWhere(book: ClientBook): { broker: string; assignedMemberId?: string } {
  return book.assignedTo ? { broker: book.agencyId, assignedMemberId: book.assignedTo } : { broker: book.agencyId };
}

/** The condition on a row that belongs to the agency and to one of its clients (a reminder): the client is in the book. */
export function bookWhereOfClient(book: ClientBook): { broker: string; client?: { assignedMemberId: string } } {
  return book.assignedTo ? { broker: book.agencyId, client: { assignedMemberId: book.assignedTo } } : { broker: book.agencyId };
}

/** Which clients a figure is about: the member's own (assigned to them) or the agency's whole book. */
export const BOOK_SCOPES = ['mine', 'agency'] as const;
export type BookScope = (typeof BOOK_SCOPES)[number];

/**
 * The book a figure is read from: `mine` is the clients assigned to the member; `agency` is the
 * member's book as the guard decided it, which for a member kept to their own clients is still
 * only theirs — a scope never widens a book.
 */
export function bookInScope(book: ClientBook, memberId: string, scope: BookScope = 'agency'): ClientBook {
  return scope === 'mine' ? { agencyId: book.agencyId, assignedTo: memberId } : book;
}
