// The growth seeds' rows go in by chunks that each commit on their own, their progress printed,
// so an interrupted seed goes on where it stopped (bench/growth-seed.ts, bench/growth-skew.ts).

export const fmt = (n: number) => n.toLocaleString('en');

/** Adds rows `have` to `want` in chunks of `chunk`, each its own transaction; `insert(from, count)`. */
export async function inChunks(
  label: string,
  have: number,
  want: number,
  insert: (from: number, count: number) => Promise<void>,
  chunk = 100_000,
) {
  for (let from = have; from < want; from += chunk) {
    const count = Math.min(chunk, want - from);
    const t = Date.now();
    await insert(from, count);
    console.log(
      `    ${label}: ${fmt(from + count)} of ${fmt(want)} (${((Date.now() - t) / 1000).toFixed(1)} s)`,
    );
  }
}
