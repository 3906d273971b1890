// Vitest reporter: turns the tagged agent tests into test/agents/support.json (and support.md), the
// source of the README support table. A column is "passed" only if its test ran and passed here.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { renderSupportTable, type SupportFile } from '../../scripts/agents/supportTable.mjs';

const here = import.meta.dirname;
// A run against other versions than the pins (SHIMCTL_AGENT_VERSIONS, `npm run agents:upstream`)
// must not rewrite the committed table: it goes to SHIMCTL_AGENT_SUPPORT_JSON only, or nowhere.
const OVERRIDDEN = Boolean(process.env.SHIMCTL_AGENT_VERSIONS?.trim());
const JSON_PATH = process.env.SHIMCTL_AGENT_SUPPORT_JSON || join(here, 'support.json');
const MD_PATH = join(here, 'support.md');
// Distinguishes this run's results (merged per column) from older ones kept in the file.
const runId = `${process.pid}-${Date.now()}`;

export default class SupportReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const file: SupportFile = existsSync(JSON_PATH) ? JSON.parse(readFileSync(JSON_PATH, 'utf8')) : { agents: {} };
    let touched = false;
    for (const mod of modules) {
      for (const test of mod.children.allTests()) {
        const meta = test.meta();
        if (!meta.agent || !meta.check) continue;
        const state = test.result().state;
        if (state === 'pending') continue;
        const row = (file.agents[meta.agent] ??= { version: meta.agentVersion ?? '?', checks: {} });
        // A new version starts a fresh row: results of an older build say nothing about this one.
        if (row.version !== meta.agentVersion) {
          row.version = meta.agentVersion ?? '?';
          row.checks = {};
        }
        const previous = row.checks[meta.check];
        // Several tests may share a column (e.g. three block cases): any failure or skip wins.
        const rank = { passed: 0, skipped: 1, failed: 2 } as const;
        const next = {
          state,
          ...(meta.skipReason ? { reason: meta.skipReason } : {}),
          at: new Date().toISOString().slice(0, 10),
        };
        if (!previous || previous.runId !== runId || rank[state] > rank[previous.state])
          row.checks[meta.check] = { ...next, runId };
        touched = true;
      }
    }
    if (!touched) return;
    if (OVERRIDDEN && !process.env.SHIMCTL_AGENT_SUPPORT_JSON) return;
    writeFileSync(JSON_PATH, JSON.stringify(file, null, 2) + '\n');
    if (process.env.SHIMCTL_AGENT_SUPPORT_JSON) return;
    const table = renderSupportTable(file);
    writeFileSync(MD_PATH, table + '\n');
    // Keep the docs' copy of the table in step with what just ran.
    const docs = join(here, '../../docs/agents.md');
    const re = /(<!-- support-table:begin -->)[\s\S]*?(<!-- support-table:end -->)/;
    if (existsSync(docs))
      writeFileSync(
        docs,
        readFileSync(docs, 'utf8').replace(re, (_m, b: string, e: string) => `${b}\n${table}\n${e}`),
      );
  }
}
