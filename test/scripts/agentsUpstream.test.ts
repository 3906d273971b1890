// `npm run agents:upstream`: the version override of the agent pins (scripts/agents/install.mjs)
// and the pure drift/report parts (scripts/agents/upstreamReport.mjs). No registry, no agents.
import { describe, expect, it } from 'vitest';
import { AGENTS, agentCacheRoot, versionOverrides, wantedVersion } from '../../scripts/agents/install.mjs';
import { BEGIN, END, envelopeDrift, renderUpstreamBlock, spliceReport } from '../../scripts/agents/upstreamReport.mjs';

const ENTRIES = Object.keys(AGENTS);

describe('SHIMCTL_AGENT_VERSIONS', () => {
  const cases: Array<{ value: string | undefined; want: Record<string, string> }> = [
    { value: undefined, want: {} },
    { value: '  ', want: {} },
    { value: 'qwen=0.24.4', want: { qwen: '0.24.4' } },
    { value: 'qwen=0.24.4, kilo=latest', want: { qwen: '0.24.4', kilo: 'latest' } },
  ];
  it.each(cases)('$value → $want', ({ value, want }) => {
    expect(versionOverrides({ SHIMCTL_AGENT_VERSIONS: value })).toEqual(want);
  });

  it('`latest` overrides every entry of agents.json', () => {
    const all = versionOverrides({ SHIMCTL_AGENT_VERSIONS: 'latest' });
    expect(Object.keys(all).sort()).toEqual([...ENTRIES].sort());
    expect(new Set(Object.values(all))).toEqual(new Set(['latest']));
  });

  it.each(['qwen', 'qwen=', 'nosuchagent=1.0.0', 'qwen=1.0.0;rm -rf /', 'qwen=$(id)'])('refuses %j', (value) => {
    expect(() => versionOverrides({ SHIMCTL_AGENT_VERSIONS: value })).toThrow(/SHIMCTL_AGENT_VERSIONS/);
  });

  it('the pins stay the default; an explicit version replaces only its entry', () => {
    const env = { SHIMCTL_AGENT_VERSIONS: 'qwen=9.9.9' };
    expect(wantedVersion('qwen', env)).toBe('9.9.9');
    expect(wantedVersion('gemini', env)).toBe(AGENTS.gemini!.version);
    expect(wantedVersion('qwen', {})).toBe(AGENTS.qwen!.version);
  });

  it('overridden versions never share the pinned cache unless a cache is named', () => {
    const home = '/home/someone';
    expect(agentCacheRoot({ HOME: home })).toBe('/home/someone/.cache/shimctl-agents');
    expect(agentCacheRoot({ HOME: home, SHIMCTL_AGENT_VERSIONS: 'latest' })).toBe(
      '/home/someone/.cache/shimctl-agents-upstream',
    );
    expect(agentCacheRoot({ HOME: home, SHIMCTL_AGENT_VERSIONS: 'latest', SHIMCTL_AGENT_CACHE: '/c' })).toBe('/c');
  });
});

describe('envelope drift', () => {
  const a = '{"args":["-c","touch marker.txt"]}';
  const b = '{"args":["-l","-c","touch marker.txt"]}';
  const cases = [
    { name: 'same lines, other order', pinned: [a, b], newest: [b, a], changed: false, removed: [], added: [] },
    { name: 'a new start shape', pinned: [a], newest: [b], changed: true, removed: [a], added: [b] },
    { name: 'one start gone', pinned: [a, b], newest: [a], changed: true, removed: [b], added: [] },
    { name: 'no pinned capture', pinned: null, newest: [a], changed: null, removed: [], added: [] },
    { name: 'no newest capture', pinned: [a], newest: null, changed: null, removed: [], added: [] },
  ];
  it.each(cases)('$name', ({ pinned, newest, changed, removed, added }) => {
    expect(envelopeDrift(pinned, newest)).toEqual({ changed, removed, added });
  });
});

describe('docs/agents-upstream.md', () => {
  const rows = [
    {
      agent: 'qwen',
      entry: 'qwen',
      package: '@qwen-code/qwen-code',
      pinned: '0.15.10',
      newest: '0.24.4',
      suite: { allow: { state: 'passed' as const }, block: { state: 'failed' as const } },
      drift: { changed: true, removed: ['{"args":["-c","x"]}'], added: ['{"args":["-l","-c","x"]}'] },
    },
    {
      agent: 'kilo',
      entry: 'kilo',
      pinned: '7.7.7',
      newest: '7.8.1',
      drift: { changed: null, removed: [], added: [] },
    },
    { agent: 'aider', suiteNote: 'no suite entry' },
  ];
  const block = renderUpstreamBlock(rows, { date: '2026-12-02' });

  it('names each check result, says unknown (not "no") for an uncompared envelope, and shows the diff', () => {
    expect(block).toContain('| qwen | qwen | `@qwen-code/qwen-code` | 0.15.10 | 0.24.4 | allow passed, block failed |');
    expect(block).toMatch(/\| kilo \|.*\| unknown \|/);
    expect(block).toContain('- {"args":["-c","x"]}\n+ {"args":["-l","-c","x"]}');
    expect(block.startsWith(BEGIN) && block.endsWith(END)).toBe(true);
  });

  it('a re-run replaces only the generated block, keeping the hand-written findings', () => {
    const first = spliceReport(undefined, block);
    const edited = `${first}\n## Findings\n\nwritten by hand\n`;
    const again = spliceReport(edited, renderUpstreamBlock(rows.slice(2), { date: '2026-12-03' }));
    expect(again).toContain('written by hand');
    expect(again).toContain('2026-12-03');
    expect(again).not.toContain('0.24.4');
  });
});
