// PostgreSQL does its best work with about two busy backends per core. A pooled connection in a
// transaction spends most of its time waiting for this process between statements, though, so
// a few more than that: on the load bench (2 cores, the shared reads on their own lane), 5 gave
// 704 req/s and p99s up to 293 ms, 8 to 12 gave 756-1,011 req/s and p99s of 216-238 ms.
// DATABASE_POOL_SIZE overrides it (config.ts).

export const DEFAULT_POOL_SIZE = 8;
