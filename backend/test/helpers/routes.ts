import type { INestApplication } from '@nestjs/common';
import { type ExecutionContext, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, ModulesContainer } from '@nestjs/core';

import { API_PREFIX } from '../../src/app.setup.js';
import { type Access, ACCESS_KEY } from '../../src/auth/access.decorators.js';
import type { RateLimitKind } from '../../src/rate-limit/rate-limit.decorators.js';
import { ruleOf } from '../../src/rate-limit/rate-limits.js';

export interface RouteInfo {
  method: string;
  /** With `:params` filled in, ready to request. */
  path: string;
  access: Access;
  /** The limit it counts against, as the rate-limit guard decides it. */
  rateLimit: RateLimitKind;
}

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

function join(...parts: string[]): string {
  return `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`;
}

/** Every route the application's controllers declare, read from Nest's metadata (not written by hand). */
export function listRoutes(app: INestApplication): RouteInfo[] {
  const scanner = new MetadataScanner();
  const routes: RouteInfo[] = [];
  for (const wrapper of new DiscoveryService(app.get(ModulesContainer)).getControllers()) {
    const { instance, metatype } = wrapper;
    if (!instance || !metatype) continue;
    const prefixes = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, metatype) ?? '');
    const classAccess = Reflect.getMetadata(ACCESS_KEY, metatype) as Access | undefined;
    const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name] as object;
      const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (paths === undefined || method === undefined) continue;
      const access = (Reflect.getMetadata(ACCESS_KEY, handler) as Access | undefined) ?? classAccess ?? 'broker';
      const rateLimit = ruleOf({ getHandler: () => handler, getClass: () => metatype } as unknown as ExecutionContext).kind;
      for (const prefix of prefixes) {
        for (const path of ([] as string[]).concat(paths)) {
          routes.push({
            method: RequestMethod[method],
            path: join(API_PREFIX, prefix, path).replace(/:[A-Za-z]+/g, SAMPLE_ID),
            access,
            rateLimit,
          });
        }
      }
    }
  }
  return routes;
}
