export interface SupportCheckResult {
  state: 'passed' | 'failed' | 'skipped';
  reason?: string;
  at?: string;
  runId?: string;
}
export interface SupportFile {
  agents: Record<string, { version: string; checks: Record<string, SupportCheckResult> }>;
}
export function renderSupportTable(file: SupportFile): string;
