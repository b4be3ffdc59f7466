// Connections each instance keeps to PostgreSQL (DATABASE_POOL_SIZE overrides it, config.ts).
// More than the two busy backends per core PostgreSQL works best with, because a connection in
// a transaction spends most of its time waiting for this process between statements. Load
// bench on 2 cores (the shared reads on their own lane, 40 s runs, same code):
//   8 connections:  903-953 req/s, add to cart and checkout p99 173-205 ms
//   12 connections: 950-1,103 req/s, 161-175 ms, every other route under 132 ms
//   16 and 20:      895-923 req/s, 184-198 ms

export const DEFAULT_POOL_SIZE = 12;
