import type { Context } from 'hono';
import type { z } from 'zod';
import { MSG } from '@domain/messages';
import { AppError } from './errors';

/** Turns a zod failure into a 422 whose message is the first rule broken (the spec's exact text). */
export function validationError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  return new AppError('VALIDATION_FAILED', error.issues[0]?.message ?? MSG.invalidRequest, 422, fields);
}

export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

export async function parseJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError('INVALID_JSON', 'The request body must be valid JSON', 400);
  }
  return parse(schema, body);
}

export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return parse(schema, c.req.query());
}

export function parseParam<S extends z.ZodType>(
  c: Context,
  name: string,
  schema: S,
  notFoundMessage: string,
) {
  const result = schema.safeParse(c.req.param(name));
  if (!result.success) throw new AppError('NOT_FOUND', notFoundMessage, 404);
  return result.data as z.output<S>;
}
