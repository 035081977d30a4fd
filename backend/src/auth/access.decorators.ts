import { applyDecorators, createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiCookieAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request } from 'express';

import type { Actor } from '../agency-log/actor.js';
import type { AuthenticatedToken } from '../api-tokens/api-tokens.service.js';
import type { Language } from '../common/language.js';
import type { ClientBook } from '../members/book.js';
import type { MemberRole } from '../members/roles.js';
import type { User } from '../users/user.entity.js';
import type { ClientAccount } from './client-account.entity.js';

/** Who may call a route. Without a decorator a route is for signed-in brokers (and admins). */
export type Access = 'public' | 'broker' | 'admin' | 'client';
export const ACCESS_KEY = 'carekeep:access';
export const SESSION_COOKIE_AUTH = 'session';

const signedIn = (description = 'Not signed in, or a token that is unknown, expired or revoked') => [
  ApiCookieAuth(SESSION_COOKIE_AUTH),
  ApiUnauthorizedResponse({ description }),
];

/** Anyone, signed in or not. */
export const Public = () => SetMetadata(ACCESS_KEY, 'public' satisfies Access);

/** Signed-in brokers and admins (the default; use it to say so on a class). */
export const BrokerOnly = () => applyDecorators(SetMetadata(ACCESS_KEY, 'broker' satisfies Access), ...signedIn());

/** Platform admins only (isAdmin set in the database); a broker gets 403. */
export const AdminOnly = () =>
  applyDecorators(
    SetMetadata(ACCESS_KEY, 'admin' satisfies Access),
    ...signedIn(),
    ApiForbiddenResponse({ description: 'Signed in, but not an admin' }),
  );

/** The signed-in client's own portal routes; broker sessions get 401. */
export const ClientOnly = () =>
  applyDecorators(
    SetMetadata(ACCESS_KEY, 'client' satisfies Access),
    ...signedIn('Not signed in as a client (a broker’s session or an API token does not do)'),
  );

export interface AuthenticatedRequest {
  /** The signed-in broker's or admin's id, checked against the database by the access guard. */
  userId?: string;
  /** The signed-in broker or admin as a managed entity, made when a route first asks for it. */
  user?: User;
  /** The agency member the request acts as (set by the access guard with `userId`). */
  member?: RequestMember;
  clientAccount?: ClientAccount;
  /** The API token the request authenticated with, when it carried one instead of a session. */
  apiToken?: AuthenticatedToken;
}

/** The agency member a broker request acts as: the person signed in, or an API token's owner. */
export interface RequestMember {
  id: string;
  role: MemberRole;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** Their own choice of the app's language; null: the agency's. */
  language: Language | null;
  /** The clients this member may see: the agency's book, or only their own (ADR 0011). */
  book: ClientBook;
}

/** The member a broker request acts as (set by the access guard). */
export const CurrentMember = createParamDecorator((_: unknown, context: ExecutionContext): RequestMember => {
  const member = context.switchToHttp().getRequest<AuthenticatedRequest>().member;
  if (!member) throw new Error('CurrentMember used on a route that is not for brokers');
  return member;
});

/**
 * The clients a broker request may see (set by the access guard from the member's role and the
 * agency's setting). Every read of clients for the request is kept to it.
 */
export const CurrentBook = createParamDecorator((_: unknown, context: ExecutionContext): ClientBook => {
  const member = context.switchToHttp().getRequest<AuthenticatedRequest>().member;
  if (!member) throw new Error('CurrentBook used on a route that is not for brokers');
  return member.book;
});

/**
 * Who a broker request's changes are recorded as, in the agency activity log: the agency, the member
 * and the token the access guard let in, and the request's address (`request.ip`, which TRUST_PROXY
 * governs). Nothing the caller sends can name someone else.
 */
export const CurrentActor = createParamDecorator((_: unknown, context: ExecutionContext): Actor => {
  const request = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
  if (!request.userId || !request.member) throw new Error('CurrentActor used on a route that is not for brokers');
  return { agencyId: request.userId, memberId: request.member.id, tokenId: request.apiToken?.id ?? null, ip: request.ip ?? null };
});

/**
 * The signed-in broker's or admin's id (set by the access guard), for routes that need nothing
 * else of them: no User entity is made for the request.
 */
export const CurrentUserId = createParamDecorator((_: unknown, context: ExecutionContext): string => {
  const userId = context.switchToHttp().getRequest<AuthenticatedRequest>().userId;
  if (!userId) throw new Error('CurrentUserId used on a route that is not for brokers');
  return userId;
});

/** The signed-in broker or admin (set by the access guard). */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): User => {
  const user = context.switchToHttp().getRequest<AuthenticatedRequest>().user;
  if (!user) throw new Error('CurrentUser used on a route that is not for brokers');
  return user;
});

/** The signed-in client's account, with its client loaded (set by the access guard). */
export const CurrentClientAccount = createParamDecorator((_: unknown, context: ExecutionContext): ClientAccount => {
  const account = context.switchToHttp().getRequest<AuthenticatedRequest>().clientAccount;
  if (!account) throw new Error('CurrentClientAccount used on a route that is not for clients');
  return account;
});
