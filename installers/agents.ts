import type { AgentWiring } from './agentWiring.js';
import { aider } from './agents/aider.js';
import { amp } from './agents/amp.js';
import { claude } from './agents/claude.js';
import { cline } from './agents/cline.js';
import { cn } from './agents/cn.js';
import { codex } from './agents/codex.js';
import { copilot } from './agents/copilot.js';
import { crush } from './agents/crush.js';
import { cursorAgent } from './agents/cursor-agent.js';
import { droid } from './agents/droid.js';
import { gemini } from './agents/gemini.js';
import { goose } from './agents/goose.js';
import { kilo } from './agents/kilo.js';
import { kiroCli } from './agents/kiro-cli.js';
import { opencode } from './agents/opencode.js';
import { q } from './agents/q.js';
import { qwen } from './agents/qwen.js';

/** Every agent `shimctl install` looks for on PATH. */
export const KNOWN_AGENTS: readonly AgentWiring[] = [
  claude, codex, gemini, qwen, opencode, cn, copilot, goose, aider, amp, cursorAgent, crush, cline, kiroCli, q, kilo, droid,
];

/** An agent added by hand (`--agent NAME=PATH`) that shimctl knows nothing about: PATH and SHELL. */
export function genericWiring(name: string): AgentWiring {
  const known = KNOWN_AGENTS.find((a) => a.name === name);
  if (known) return known;
  return {
    name,
    title: name,
    env: { SHELL: '{bashShim}' },
    args: [],
    coverage: 'partial',
    note: 'Added by hand: PATH and SHELL point at the shims; shells started by absolute path are NOT reviewed.',
  };
}
