import type { TestServer } from './harness';

// The OpenAPI document the server serves, as the generated suites walk it: every operation, its
// path parameters, whether it needs a session, and the kind of body it takes.

export interface SchemaObject {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  anyOf?: SchemaObject[];
  items?: SchemaObject;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  maxLength?: number;
  additionalProperties?: unknown;
  pattern?: string;
}

interface OperationObject {
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: SchemaObject }> };
}

/** The parts of GET /api/v1/openapi.json the suites read. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, SchemaObject> };
}

export interface Operation {
  method: string;
  /** The path as documented, with {parameters}. */
  path: string;
  parameters: string[];
  /** True when it needs a bearer token. */
  protected: boolean;
  /** 'json', 'multipart' or none. */
  body?: { kind: 'json' | 'multipart'; schema: SchemaObject };
}

export async function operationsOf(server: TestServer): Promise<Operation[]> {
  const document = (await server.call('GET', '/api/v1/openapi.json')).body as OpenApiDocument;
  const resolve = (schema: SchemaObject): SchemaObject =>
    schema.$ref ? document.components.schemas[schema.$ref.replace('#/components/schemas/', '')]! : schema;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = operation.requestBody?.content ?? {};
      const json = content['application/json'];
      const multipart = content['multipart/form-data'];
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!),
        protected: (operation.security?.length ?? 0) > 0,
        body: json
          ? { kind: 'json', schema: resolve(json.schema) }
          : multipart
            ? { kind: 'multipart', schema: resolve(multipart.schema) }
            : undefined,
      });
    }
  }
  return operations;
}

/** The path with its parameters filled in (encoded; a lone surrogate, which cannot be, becomes U+FFFD). */
export function pathWith(operation: Operation, values: Record<string, string>): string {
  return operation.path.replace(/\{(\w+)\}/g, (_whole, name: string) =>
    encodeURIComponent(Buffer.from(values[name] ?? 'x').toString()),
  );
}
