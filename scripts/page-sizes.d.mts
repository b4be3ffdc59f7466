// Types for scripts/page-sizes.mjs (plain Node ESM so it runs without a build step).
export interface PageSize {
  path: string;
  module: string;
  /** An information page (src/web/features/info). */
  info: boolean;
  chunk: string | null;
  split: boolean;
  pageBytes: number;
  totalBytes: number;
}
export interface PageSizeReport {
  entry: string;
  entryBytes: number;
  pages: PageSize[];
  inlineScripts: number;
}
export const FIRST_PAGE_BUDGET_BYTES: number;
export function isFirstPage(page: PageSize): boolean;
export function routesOfRouter(source?: string): { path: string; module: string; info: boolean }[];
export function analyze(distDir: string): PageSizeReport;
export function problemsOf(report: PageSizeReport): string[];
export function formatTable(report: PageSizeReport): string;
export function buildWeb(outDir: string): void;
