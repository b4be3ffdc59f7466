import type { OpenAPIHono, RouteConfig } from '@hono/zod-openapi';
import type { z } from 'zod';

// The API test harness checks every answer against its route's declaration: a status
// the declaration does not list, or a JSON body that does not match its schema, fails the test
// that made the request. Better Auth's endpoints that the web calls are described too
// (api-docs/auth-endpoints.ts) and checked the same way, so a description that drifts from what
// Better Auth answers fails. Paths without a declaration are Better Auth's others, the API
// reference and the JSON 404 for unknown paths; they are not checked here.

interface DeclaredRoute {
  method: string;
  pattern: RegExp;
  /** Fewer path parameters first, so /api/cart/count wins over /api/cart/items/{itemId}. */
  params: number;
  responses: RouteConfig['responses'];
  path: string;
}

export type AnswerCheck = (method: string, url: string, status: number, body: unknown) => void;

export function answerContract(
  app: OpenAPIHono<never> | { openAPIRegistry: OpenAPIHono['openAPIRegistry'] },
): AnswerCheck {
  const routes: DeclaredRoute[] = [];
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const { method, path, responses } = definition.route;
    const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
    routes.push({
      method: method.toUpperCase(),
      pattern: new RegExp(`^${source}$`),
      params: (path.match(/\{/g) ?? []).length,
      responses,
      path,
    });
  }
  routes.sort((a, b) => a.params - b.params);

  return (method, url, status, body) => {
    const path = new URL(url, 'http://localhost').pathname;
    const route = routes.find((r) => r.method === method.toUpperCase() && r.pattern.test(path));
    if (!route) return;
    const answer = route.responses[String(status)] ?? route.responses[status as unknown as string];
    if (!answer) {
      throw new Error(
        `${method} ${route.path} answered ${status}, a status its declaration does not list (${Object.keys(route.responses).join(', ')}): ${JSON.stringify(body).slice(0, 300)}`,
      );
    }
    const schema = (answer as { content?: Record<string, { schema?: unknown }> }).content?.[
      'application/json'
    ]?.schema as z.ZodType | undefined;
    if (!schema || typeof (schema as { safeParse?: unknown }).safeParse !== 'function') return;
    const result = schema.safeParse(body);
    if (!result.success) {
      const issues = result.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; ');
      throw new Error(`${method} ${route.path} ${status}: the answer does not match its schema: ${issues}`);
    }
  };
}
