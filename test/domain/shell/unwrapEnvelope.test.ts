import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unwrapEnvelope } from '../../../src/domain/shell/unwrapEnvelope.js';
import type { EnvelopeContext } from '../../../src/domain/shell/unwrapEnvelope.js';
import {
  BASES,
  claudeEnvelope,
  claudeNoSnapshotEnvelope,
  claudeQuote,
  claudeRealEnvelope,
  claudeRealQuote,
  codexEnvelope,
  geminiEnvelope,
} from './agentFixtures.js';
import { tempDir } from '../../support/tempDirs.js';

interface Edit {
  append?: string;
  prepend?: string;
  replace?: [string, string];
  replaceAll?: [string, string];
}
interface Case {
  why: string;
  base: string;
  agent?: string;
  hop?: 'agent' | 'nested';
  home?: string;
  edit?: Edit;
  expect: Record<string, unknown>;
}
const cases: Case[] = JSON.parse(readFileSync(new URL('./envelope.cases.json', import.meta.url), 'utf8'));

function applyEdit(text: string, edit: Edit | undefined): string {
  if (!edit) return text;
  let out = text;
  if (edit.replace) {
    if (!out.includes(edit.replace[0])) throw new Error(`edit target not in base: ${edit.replace[0]}`);
    out = out.replace(edit.replace[0], () => edit.replace![1]);
  }
  if (edit.replaceAll) {
    if (!out.includes(edit.replaceAll[0])) throw new Error(`edit target not in base: ${edit.replaceAll[0]}`);
    out = out.replaceAll(edit.replaceAll[0], () => edit.replaceAll![1]);
  }
  return `${edit.prepend ?? ''}${out}${edit.append ?? ''}`;
}

describe('unwrapEnvelope: table', () => {
  for (const c of cases) {
    it(c.why, () => {
      const base = BASES[c.base];
      if (base === undefined) throw new Error(`unknown base ${c.base}`);
      const text = applyEdit(base, c.edit);
      const r = unwrapEnvelope(text, { agent: c.agent, hop: c.hop ?? 'agent', home: c.home });
      expect(r).toMatchObject(c.expect);
      if (c.expect.kind === 'none') expect(r).toEqual({ kind: 'none' });
    });
  }
});

/**
 * Injected text anywhere in an envelope is either refused as a whole (`none`) or lands inside
 * the model's command, where the review sees it. It is never silently part of the fixed part.
 */
describe('unwrapEnvelope: injection at every position', () => {
  const payloads = [';rm -rf ~;', '$(id)', '\nid\n', '`id`', '&id&', ' id ', '|id', '"'];
  const targets: Array<[string, string, string, number]> = [
    ['claude', BASES.claude!, 'claude', 1],
    ['claude-no-snapshot', BASES['claude-no-snapshot']!, 'claude', 1],
    ['claude-bare-word', claudeRealEnvelope('ls'), 'claude', 1],
    ['gemini', BASES.gemini!, 'gemini', 1],
    ['copilot-dump', BASES['copilot-dump']!, 'copilot', 1],
    ['codex-check', BASES['codex-check']!, 'codex', 1],
    ['claude-snapshot', BASES['claude-snapshot']!, 'claude', 7],
    ['claude-snapshot-rc', BASES['claude-snapshot-rc']!, 'claude', 7],
    ['codex', BASES.codex!, 'codex', 97],
  ];
  for (const [name, text, agent, step] of targets) {
    it(`${name}: ${Math.ceil((text.length + 1) / step)} positions x ${payloads.length} payloads`, () => {
      const positions = [
        ...Array.from({ length: Math.ceil((text.length + 1) / step) }, (_, k) => k * step),
        text.length,
      ];
      let checked = 0;
      for (const p of payloads) {
        for (const at of positions) {
          const mutated = text.slice(0, at) + p + text.slice(at);
          const r = unwrapEnvelope(mutated, { agent, hop: 'agent' });
          if (r.kind === 'bookkeeping') throw new Error(`bookkeeping accepted with ${JSON.stringify(p)} at ${at}`);
          if (r.kind === 'envelope') expect(r.inner.includes(p.trim()) || r.inner.includes(p)).toBe(true);
          checked++;
        }
      }
      expect(checked).toBe(positions.length * payloads.length);
    });
  }
});

describe('unwrapEnvelope: the model command is extracted exactly', () => {
  const ctx: EnvelopeContext = { agent: 'claude', hop: 'agent' };
  it('undoes quoting of any string (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (cmd) => {
        expect(unwrapEnvelope(claudeEnvelope(cmd), ctx)).toMatchObject({ kind: 'envelope', inner: cmd });
        expect(unwrapEnvelope(claudeRealEnvelope(cmd), ctx)).toMatchObject({ kind: 'envelope', inner: cmd });
        expect(unwrapEnvelope(claudeNoSnapshotEnvelope(cmd), ctx)).toMatchObject({
          kind: 'envelope',
          name: 'claude-no-snapshot',
          inner: cmd,
        });
        expect(unwrapEnvelope(codexEnvelope(cmd), { agent: 'codex', hop: 'agent' })).toMatchObject({
          kind: 'envelope',
          inner: cmd,
        });
        expect(unwrapEnvelope(geminiEnvelope(cmd), { agent: 'gemini', hop: 'agent' })).toMatchObject({
          kind: 'envelope',
          inner: cmd,
        });
      }),
      { numRuns: 300 },
    );
  });

  it('agrees with real bash on what the quoted word means', () => {
    const tricky = [
      'ls',
      'a=b',
      '',
      '@x+,y:z',
      "it's",
      "'",
      "''",
      "a'\\''b",
      "'\\''",
      "\\'",
      '"\'"',
      'x\ny',
      '$(id) `id` ${HOME} \'q\' "d" \\',
      'end\\',
      "' ; rm -rf ~ ; '",
    ];
    const quoted = [...tricky.map((t) => claudeQuote(t)), ...tricky.map((t) => claudeRealQuote(t))];
    const home = tempDir('shimctl-env-');
    const out = execFileSync('/bin/bash', ['-c', `printf '%s\\0' ${quoted.join(' ')}`], {
      env: { PATH: '/usr/bin:/bin', HOME: home },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const bashWords = out.toString('utf8').split('\0').slice(0, -1);
    const ours = [
      ...tricky.map((t) => (unwrapEnvelope(claudeEnvelope(t), ctx) as { inner: string }).inner),
      ...tricky.map((t) => (unwrapEnvelope(claudeRealEnvelope(t), ctx) as { inner: string }).inner),
    ];
    expect(ours).toEqual(bashWords);
    expect(bashWords).toEqual([...tricky, ...tricky]);
  });

  it('a model command holding a fake envelope is unwrapped one level only', () => {
    const fake = claudeEnvelope('rm -rf ~');
    const r = unwrapEnvelope(claudeEnvelope(fake), ctx);
    expect(r).toMatchObject({ kind: 'envelope', inner: fake });
  });

  it('a gemini command holding a fake claude envelope stays the inner text', () => {
    const fake = claudeEnvelope('rm -rf ~');
    expect(unwrapEnvelope(geminiEnvelope(fake), { hop: 'agent' })).toMatchObject({
      kind: 'envelope',
      name: 'gemini',
      inner: fake,
    });
  });

  it('reports what the fixed part sources, writes and puts on PATH', () => {
    expect(unwrapEnvelope(BASES.claude!, ctx)).toEqual({
      kind: 'envelope',
      name: 'claude',
      inner: 'touch marker.txt',
      sourced: ['/home/u/.claude/shell-snapshots/snapshot-bash-1795949267315-m5qf0o.sh'],
      writes: ['/tmp/claude-b631-cwd'],
    });
    expect(unwrapEnvelope(BASES.gemini!, { hop: 'agent' })).toEqual({
      kind: 'envelope',
      name: 'gemini',
      inner: 'touch marker.txt',
      sourced: [],
      writes: ['/tmp/gemini-shell-Z8s3TB/bgpids.tmp'],
    });
    expect(unwrapEnvelope(BASES.codex!, { hop: 'agent' })).toEqual({
      kind: 'envelope',
      name: 'codex',
      inner: 'touch marker.txt',
      sourced: ['/home/u/.codex/shell_snapshots/01a226eb-1808-7bd2-8b19-a9f8de704a70.1795949271057006397.sh'],
      pathPrefix: '/opt/agents/codex/node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/codex-path',
    });
  });
});
