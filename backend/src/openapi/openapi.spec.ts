import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { REPO_ROOT } from '../config/config.js';
import { ERROR_SCHEMA, sortKeys } from './openapi.js';

describe('sortKeys', () => {
  it('orders object keys at every depth and keeps array order', () => {
    const sorted = sortKeys({ b: 1, a: { d: [{ z: 1, y: 2 }, 3], c: null } });
    expect(JSON.stringify(sorted)).toBe('{"a":{"c":null,"d":[{"y":2,"z":1},3]},"b":1}');
  });
});

// The contract as committed; the e2e test openapi.e2e-spec.ts checks that it is what the code generates.
type Json = Record<string, unknown>;
interface Schema extends Json {
  $ref?: string;
  example?: unknown;
  examples?: unknown;
  items?: Schema;
  properties?: Record<string, Schema>;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
}
interface Media {
  schema?: Schema;
  example?: unknown;
  examples?: unknown;
}
interface Response {
  description?: string;
  content?: Record<string, Media>;
  headers?: Record<string, { example?: unknown; schema?: Schema }>;
}
interface Operation {
  summary?: string;
  tags?: string[];
  security?: Json[];
  parameters?: { name: string; in: string; example?: unknown; examples?: unknown; schema?: Schema }[];
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, Response>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
  tags?: { name: string; description?: string }[];
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const ERROR_REF = `#/components/schemas/${ERROR_SCHEMA}`;

/** Whether a schema, or anything it holds (through $refs), carries an example. */
function schemaHasExample(document: Document, schema: Schema | undefined, seen = new Set<string>()): boolean {
  if (!schema) return false;
  if (schema.$ref) {
    if (seen.has(schema.$ref)) return false;
    seen.add(schema.$ref);
    return schemaHasExample(document, document.components.schemas[schema.$ref.split('/').pop()!], seen);
  }
  if (schema.example !== undefined || schema.examples !== undefined) return true;
  const children = [
    schema.items,
    ...(schema.allOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.anyOf ?? []),
    ...Object.values(schema.properties ?? {}),
  ];
  return children.some((child) => schemaHasExample(document, child, seen));
}

function mediaHasExample(document: Document, media: Media): boolean {
  return media.example !== undefined || media.examples !== undefined || schemaHasExample(document, media.schema);
}

/** An example of a request: a parameter's, the body's, or a successful answer's (its body or a header). */
function hasExample(document: Document, op: Operation): boolean {
  const parameters = (op.parameters ?? []).some(
    (p) => p.example !== undefined || p.examples !== undefined || schemaHasExample(document, p.schema),
  );
  const body = Object.values(op.requestBody?.content ?? {}).some((media) => mediaHasExample(document, media));
  const answers = Object.entries(op.responses ?? {})
    .filter(([status]) => /^[23]/.test(status))
    .some(
      ([, response]) =>
        Object.values(response.content ?? {}).some((media) => mediaHasExample(document, media)) ||
        Object.values(response.headers ?? {}).some((header) => header.example !== undefined || schemaHasExample(document, header.schema)),
    );
  return parameters || body || answers;
}

/** What each operation of the document lacks of the contract's rules, one line each. */
function contractProblems(document: Document): string[] {
  const problems: string[] = [];
  const tags = new Map((document.tags ?? []).map((tag) => [tag.name, tag.description]));
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item).filter(([key]) => METHODS.has(key))) {
      const key = `${method.toUpperCase()} ${path}`;
      const problem = (what: string) => problems.push(`${key}: ${what}`);
      if (!op.summary?.trim()) problem('no summary');
      if (!hasExample(document, op)) problem('no example (of a parameter, the body or a successful answer)');
      if (!op.security) problem('no security requirement (`[]` for an anonymous route)');
      if (!op.tags?.length) problem('no tag');
      for (const tag of op.tags ?? []) if (!tags.get(tag)?.trim()) problem(`the tag "${tag}" has no description at the top level`);

      const responses = Object.entries(op.responses ?? {});
      if (!responses.some(([status]) => /^[23]\d\d$/.test(status))) problem('no 2xx or 3xx answer');
      const errors = responses.filter(([status]) => status === 'default' || /^[45]/.test(status));
      if (!errors.some(([status]) => /^4\d\d$/.test(status))) problem('no 4xx answer');
      for (const [status, response] of errors) {
        const types = Object.keys(response.content ?? {});
        if (types.length !== 1 || response.content?.['application/json']?.schema?.$ref !== ERROR_REF) {
          problem(`the ${status} answer is not application/json ${ERROR_SCHEMA} (it is ${JSON.stringify(response.content ?? null)})`);
        }
        if (!response.description?.trim()) problem(`the ${status} answer has no description`);
      }
      const tooMany = op.responses?.['429'];
      if (tooMany && !tooMany.headers?.['Retry-After']) problem('a 429 without the Retry-After header');

      const names = new Set((op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name));
      const ok = op.responses?.['200']?.content?.['application/json'];
      if (names.has('range') && names.has('sort') && names.has('filter') && ok && !op.responses?.['200'].headers?.['Content-Range']) {
        problem('a list without the Content-Range header on its 200 answer');
      }
    }
  }
  return problems;
}

describe('the OpenAPI contract (openapi.json)', () => {
  const document = JSON.parse(readFileSync(join(REPO_ROOT, 'openapi.json'), 'utf8')) as Document;
  const operations = Object.values(document.paths).flatMap((item) => Object.keys(item).filter((key) => METHODS.has(key)));

  it('has operations to check', () => {
    expect(operations.length).toBeGreaterThan(0);
  });

  it('gives every operation a summary, an example, its security, a described tag, and every error answer as the ErrorDto', () => {
    expect(contractProblems(document)).toEqual([]);
  });

  it('describes the one error body: statusCode and message always, the field errors in react-admin’s shape', () => {
    const error = document.components.schemas[ERROR_SCHEMA] as Schema & { required?: string[] };
    expect(error.required?.sort()).toEqual(['message', 'statusCode']);
    expect(error.properties?.statusCode).toMatchObject({ type: 'integer' });
    expect(error.properties?.message).toMatchObject({ type: 'string' });
    expect(error.properties?.errors).toMatchObject({ type: 'object', additionalProperties: { type: 'string' } });
    expect(error.properties?.field).toMatchObject({ type: 'string' });
    expect(error.properties?.retryAfterSeconds).toMatchObject({ type: 'integer' });
  });

  it('finds what an operation lacks', () => {
    const broken = structuredClone(document);
    const op = broken.paths['/api/clients'].get;
    delete op.summary;
    op.parameters = [];
    op.responses = { 200: { description: 'A list', content: { 'application/json': { schema: { type: 'array' } } } } };
    broken.paths = { '/api/clients': { get: op } };
    expect(contractProblems(broken)).toEqual([
      'GET /api/clients: no summary',
      'GET /api/clients: no example (of a parameter, the body or a successful answer)',
      'GET /api/clients: no 4xx answer',
    ]);
    op.summary = 'Clients';
    op.parameters = [{ name: 'range', in: 'query', example: '[0,24]' }];
    op.responses['404'] = { description: 'Not found', content: { 'text/plain': { schema: { type: 'string' } } } };
    expect(contractProblems(broken)).toEqual([
      'GET /api/clients: the 404 answer is not application/json ErrorDto (it is {"text/plain":{"schema":{"type":"string"}}})',
    ]);
  });
});
