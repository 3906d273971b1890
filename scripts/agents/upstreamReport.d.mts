import type { SupportCheckResult } from './supportTable.mjs';
export interface Drift {
  changed: boolean | null;
  removed: string[];
  added: string[];
}
export interface UpstreamRow {
  agent: string;
  entry?: string;
  package?: string;
  pinned?: string;
  newest?: string;
  suite?: Record<string, SupportCheckResult>;
  suiteNote?: string;
  drift?: Drift;
  driftNote?: string;
}
export const CHECKS: string[];
export const BEGIN: string;
export const END: string;
export function envelopeDrift(pinned: string[] | null, newest: string[] | null): Drift;
export function diffExcerpt(drift: Drift, max?: number, width?: number): string;
export function renderUpstreamBlock(rows: UpstreamRow[], opts: { date: string }): string;
export function spliceReport(existing: string | undefined, block: string): string;
