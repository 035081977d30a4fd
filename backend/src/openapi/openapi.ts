import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';

import { BEARER_AUTH } from '../api-tokens/scopes.js';
import { SESSION_COOKIE_AUTH } from '../auth/access.decorators.js';
import { SESSION_COOKIE } from '../auth/session.js';

export const API_TITLE = 'CareKeep API';
export const API_VERSION = '0.1.0';

/** Recursively orders object keys so the generated contract diffs cleanly. */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}

/** The OpenAPI document of the running application's routes. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle(API_TITLE)
    .setDescription(
      'API of the CareKeep client-retention platform for Medicare brokers. List endpoints follow ' +
        "react-admin's simple REST protocol: optional range, sort and filter JSON query parameters and a " +
        'Content-Range header; errors are JSON { statusCode, message, ... }.',
    )
    .setVersion(API_VERSION)
    .addCookieAuth(
      SESSION_COOKIE,
      { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: `In production the cookie is __Host-${SESSION_COOKIE}` },
      SESSION_COOKIE_AUTH,
    )
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'ck_pat_…',
        description:
          'A personal access token from the app’s API access page. Each operation open to tokens names the scope it needs ' +
          '(x-token-scopes: read for GET, write for the others); the others take the browser session only.',
      },
      BEARER_AUTH,
    )
    .build();
  const document = SwaggerModule.createDocument(app, config);
  return sortKeys(document) as OpenAPIObject;
}

/** The document as committed in openapi.json: two-space JSON with a final newline. */
export function serializeOpenApi(document: OpenAPIObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
