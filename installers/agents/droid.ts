import type { AgentWiring } from '../agentWiring.js';

// Factory Droid runs `/bin/bash -c "<cmd>"` by absolute path (captured with strace, droid 0.225.2,
// test/agents/captures/droid.jsonl): PATH and SHELL never reach it; the BASH_ENV guard does.
export const droid: AgentWiring = {
  name: 'droid',
  title: 'Factory Droid',
  env: { BASH_ENV: '{bashEnvGuard}' },
  args: [],
  coverage: 'guard',
  note: 'Droid runs /bin/bash -c by absolute path; a BASH_ENV guard reviews and audits each command before bash runs it (no time or output bounds). Its own probes (`/bin/sh -c ls`, `git status`) run in /bin/sh, which reads no BASH_ENV: they are not reviewed.',
};
