import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { AnswerCheck } from './answer-contract';

// The second check of every answer the API tests record: the JSON body must match the schema
// the served document (/api/openapi.json) publishes for its route and status, checked by an
// independent validator (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses). The zod check of
// answer-contract.ts reads the declarations themselves, so it cannot see a schema that is
// published wrong; this one reads what outside tools and generated clients read.

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
}

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export function documentContract(document: OpenApiDocument): AnswerCheck {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats.default(ajv);
  ajv.addSchema({ ...document, $id: 'openapi.json' });
  const routes = Object.keys(document.paths)
    .map((path) => ({
      path,
      pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
      params: (path.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.params - b.params);
  const validators = new Map<string, ValidateFunction | null>();

  return (method, url, status, body) => {
    if (body === undefined) return;
    const path = new URL(url, 'http://localhost').pathname;
    const verb = method.toLowerCase();
    const route = routes.find((r) => r.pattern.test(path) && document.paths[r.path]?.[verb]);
    if (!route) return;
    const key = `${verb} ${route.path} ${status}`;
    let validate = validators.get(key);
    if (validate === undefined) {
      const content = (
        document.paths[route.path]?.[verb]?.responses?.[String(status)] as {
          content?: Record<string, { schema?: unknown }>;
        }
      )?.content?.['application/json'];
      validate = content?.schema
        ? ajv.compile({
            $ref: `openapi.json#/${pointer('paths', route.path, verb, 'responses', String(status), 'content', 'application/json', 'schema')}`,
          })
        : null;
      validators.set(key, validate);
    }
    if (validate && !validate(body)) {
      const errors = (validate.errors ?? [])
        .slice(0, 5)
        .map(
          (e) =>
            `${e.instancePath || '(root)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
        )
        .join('; ');
      throw new Error(
        `${method} ${route.path} ${status}: the answer does not match the published document (ajv): ${errors}`,
      );
    }
  };
}
