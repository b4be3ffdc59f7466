import type { AsyncLocalStorage } from 'node:async_hooks';

// Better Auth keeps each call's context (the endpoint, the request state, the adapter of a
// transaction) in AsyncLocalStorage stores. On Node 20, once any store has run, a hook runs for
// every promise the process makes until every store is disabled again: a tenth of the CPU time
// of a cached catalog answer, which never calls Better Auth (docs/performance.md, "Catalog").
// So the stores are disabled whenever no call into Better Auth is in flight; its next call
// enables them again (AsyncLocalStorage#run does). Better Auth awaits its background work
// within the call (no `backgroundTasks` handler is configured), so nothing of it runs later.

/** Where Better Auth keeps its stores: one record per process, under this global symbol. */
const BETTER_AUTH_GLOBAL = Symbol.for('better-auth:global');

let inFlight = 0;

/** Better Auth's stores made so far (it makes each on first use). */
export function betterAuthStores(): AsyncLocalStorage<unknown>[] {
  const global = (globalThis as { [BETTER_AUTH_GLOBAL]?: { context?: Record<string, unknown> } })[
    BETTER_AUTH_GLOBAL
  ];
  return Object.values(global?.context ?? {}).filter(isStore);
}

function disableStoresWhenIdle(): void {
  if (inFlight > 0) return;
  for (const store of betterAuthStores()) store.disable();
}

function isStore(value: unknown): value is AsyncLocalStorage<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AsyncLocalStorage<unknown>).disable === 'function' &&
    typeof (value as AsyncLocalStorage<unknown>).run === 'function'
  );
}

function settled(): void {
  inFlight--;
  disableStoresWhenIdle();
}

/** `fn`'s call counted in flight, the stores disabled once it and every other call settled. */
function counted<F extends (...args: any[]) => any>(fn: F): F {
  return new Proxy(fn, {
    apply(target, self, args) {
      inFlight++;
      let result: unknown;
      try {
        result = Reflect.apply(target, self, args);
      } finally {
        // A call that threw or answered at once has settled already.
        if (!(result instanceof Promise)) settled();
      }
      return result instanceof Promise ? result.finally(settled) : result;
    },
  });
}

/**
 * The same auth instance, with its handler and every `api` endpoint counted (a Proxy keeps an
 * endpoint's own properties, such as its path and options).
 */
export function withStoresDisabledWhenIdle<A extends { handler: (...args: any[]) => any; api: object }>(
  auth: A,
): A {
  const endpoints = new Map<PropertyKey, unknown>();
  const api = new Proxy(auth.api, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      if (!endpoints.has(key)) endpoints.set(key, counted(value as (...args: any[]) => any));
      return endpoints.get(key);
    },
  });
  const handler = counted(auth.handler);
  // Creating the instance may have run a store already.
  disableStoresWhenIdle();
  return new Proxy(auth, {
    get(target, key, receiver) {
      if (key === 'api') return api;
      if (key === 'handler') return handler;
      return Reflect.get(target, key, receiver);
    },
  });
}
