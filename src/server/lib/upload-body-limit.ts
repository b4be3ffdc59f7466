import type { Context, Env, MiddlewareHandler } from 'hono';
import type { AppError } from '@server/lib/errors';

// An upload over its route's limit is refused, but only once the client has finished sending
// it. Answering while a browser still sends (and closing, as every 413 says `Connection: close`)
// made the client's next write fail (EPIPE, a reset): the member saw a network error on about
// half of the tries instead of "File size must be 2MB or less". So the rest of the body is read
// and thrown away first, as far as DRAIN_MAX_BYTES; a body declared larger than that is refused
// at once (no form of ours comes near it: the largest is four 2 MB photos).

/** How much of a refused upload is read and discarded so that its answer arrives. */
const DRAIN_MAX_BYTES = 32 * 1024 * 1024;

/** Reads and discards the rest of a body, up to DRAIN_MAX_BYTES in all (`read` already read). */
async function discard(reader: ReadableStreamDefaultReader<Uint8Array>, read: number): Promise<void> {
  let total = read;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.byteLength;
      if (total > DRAIN_MAX_BYTES) break;
    }
    await reader.cancel();
  } catch {
    // The client went away while we read: there is nobody left to answer.
  }
}

/**
 * Refuses a body over `maxSize` with `refusal()`, after reading its rest (see above). A body
 * within the limit reaches the route whole: one declared by Content-Length as it came (Node
 * holds the client to it), a chunked one read here and handed on.
 */
export function uploadBodyLimit<E extends Env>(
  maxSize: number,
  refusal: () => AppError,
): MiddlewareHandler<E> {
  return async (c: Context<E>, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const declared = c.req.raw.headers.has('transfer-encoding')
      ? null
      : c.req.raw.headers.get('content-length');
    if (declared !== null) {
      const size = Number.parseInt(declared, 10);
      if (!(size > maxSize)) return next();
      if (size <= DRAIN_MAX_BYTES) await discard(body.getReader(), 0);
      throw refusal();
    }
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxSize) {
        await discard(reader, size);
        throw refusal();
      }
      chunks.push(value);
    }
    const whole = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      whole.set(chunk, offset);
      offset += chunk.byteLength;
    }
    c.req.raw = new Request(c.req.raw, { body: whole });
    return next();
  };
}
