import { z } from 'zod';

/**
 * One of several literal values (`BORROW_DURATIONS`: 1, 2 or 4). The OpenAPI generator
 * publishes a plain `z.literal([1, 2, 4])` as `enum: [1]`, its first value only, so generated
 * clients would think a duration is always 1; the metadata publishes every value.
 */
export const oneOf = <const T extends readonly [z.core.util.Literal, ...z.core.util.Literal[]]>(values: T) =>
  z.literal(values).meta({ enum: [...values] });
