import { applyDecorators, type ExecutionContext, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiExtension } from '@nestjs/swagger';

import type { Permission } from './roles.js';

/**
 * What a broker route needs of the member: `read` for reading (GET, HEAD) unless the route says
 * otherwise, and the permission it names for a change. The access guard refuses a change on a route
 * that names none, so that no route is added without a decision.
 */
export interface MemberRule {
  read?: Permission;
  write?: Permission;
  /** A change that sends one of these body fields needs its permission as well (a route of personal and agency fields). */
  fields?: Readonly<Record<string, Permission>>;
}

export const MEMBER_RULE_KEY = 'carekeep:member-rule';

/** Names what a route (or every route of a controller) needs of the member; shown as `x-member-permission`. */
export const MemberMay = (rule: MemberRule) =>
  applyDecorators(SetMetadata(MEMBER_RULE_KEY, rule), ApiExtension('x-member-permission', rule));

const reflector = new Reflector();
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** The permissions a broker request needs, or undefined for a change on a route that names none. */
export function requiredPermissions(context: ExecutionContext, method: string, body: unknown): Permission[] | undefined {
  const rule = reflector.getAllAndOverride<MemberRule | undefined>(MEMBER_RULE_KEY, [context.getHandler(), context.getClass()]);
  if (SAFE_METHODS.has(method.toUpperCase())) return [rule?.read ?? 'read'];
  if (!rule?.write) return undefined;
  const sent = body !== null && typeof body === 'object' ? body : {};
  const fields = Object.entries(rule.fields ?? {}).filter(
    ([field]) => Object.hasOwn(sent, field) && (sent as Record<string, unknown>)[field] !== undefined,
  );
  return [rule.write, ...fields.map(([, permission]) => permission)];
}
