import type { Storage, StoredEntry } from './storage';

// Moving an install from disk to a bucket (D31): every stored image is copied under the same
// key. An object already in the target with the same size counts as copied, so a second run
// (or one after an interruption) copies only what is missing, and no run deletes anything.

export interface CopySummary {
  total: number;
  copied: number;
  skipped: number;
  failed: { key: string; error: string }[];
  bytes: number;
}

export interface CopyProgress {
  done: number;
  total: number;
  key: string;
}

export async function copyStorage(
  from: Storage,
  to: Storage,
  onProgress: (progress: CopyProgress) => void = () => {},
): Promise<CopySummary> {
  const present = new Map<string, number>();
  for await (const entry of to.list('')) present.set(entry.key, entry.size);
  const entries: StoredEntry[] = [];
  for await (const entry of from.list('')) if (!entry.key.endsWith('/')) entries.push(entry); // images, not folders
  entries.sort((a, b) => a.key.localeCompare(b.key));

  const summary: CopySummary = { total: entries.length, copied: 0, skipped: 0, failed: [], bytes: 0 };
  for (const [i, entry] of entries.entries()) {
    if (present.get(entry.key) === entry.size) {
      summary.skipped++;
    } else {
      try {
        const object = await from.get(entry.key);
        if (!object) throw new Error('vanished from the source while copying');
        await to.put(entry.key, object.body, object.contentType);
        summary.copied++;
        summary.bytes += object.body.length;
      } catch (err) {
        summary.failed.push({ key: entry.key, error: err instanceof Error ? err.message : String(err) });
      }
    }
    onProgress({ done: i + 1, total: entries.length, key: entry.key });
  }
  return summary;
}

/** "[########------------]  40% 120/300" for a terminal line. */
export function progressBar({ done, total }: { done: number; total: number }, width = 30): string {
  const share = total === 0 ? 1 : done / total;
  const filled = Math.round(share * width);
  const percent = `${Math.floor(share * 100)}%`.padStart(4);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${percent} ${done}/${total}`;
}
