// How to start each real agent against the scripted model: argv, environment and files it needs.
import { API_KEY, scriptedProvider } from './scriptedModelConfig.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { morePlanFor, type MoreAgentName } from './moreAgentSpecs.js';

/** The suite's entries (keys of scripts/agents/agents.json): one per agent build under test. */
export type AgentName = 'claude' | 'claude-current' | 'codex' | 'gemini' | 'qwen' | 'opencode' | MoreAgentName;
const ALL_NAMES: AgentName[] = ['claude', 'claude-current', 'codex', 'gemini', 'qwen', 'opencode'];
// SHIMCTL_AGENTS=qwen,claude picks some of them (as SHIMCTL_MORE_AGENTS does for moreAgents.test.ts).
const ONLY = process.env.SHIMCTL_AGENTS?.split(',').filter(Boolean);
export const AGENT_NAMES: AgentName[] = ONLY ? ALL_NAMES.filter((n) => ONLY.includes(n)) : ALL_NAMES;

/** The agent an entry runs, as shimctl names it (launcher, audit `agent`): claude-current is claude. */
export type AgentId = 'claude' | 'codex' | 'gemini' | 'qwen' | 'opencode' | MoreAgentName;
export function agentIdOf(name: AgentName): AgentId {
  return name === 'claude-current' ? 'claude' : name;
}

export interface AgentRunPlan {
  /** The PATH name the user types, which `shimctl install` puts a launcher in front of. */
  command: string;
  args: string[];
  env: Record<string, string>;
}

export interface PlanInput {
  modelUrl: string;
  home: string;
  workspace: string;
  prompt: string;
  /** The agent's install dir in the cache (for caches an agent may share across HOMEs). */
  agentDir?: string;
}

function claudePlan({ modelUrl, prompt }: PlanInput): AgentRunPlan {
  return {
    command: 'claude',
    // As root Claude refuses --dangerously-skip-permissions; --allowedTools Bash pre-approves the tool instead.
    args: ['-p', prompt, '--allowedTools', 'Bash'],
    env: {
      ANTHROPIC_BASE_URL: modelUrl,
      ANTHROPIC_API_KEY: API_KEY,
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
    },
  };
}

function codexPlan({ modelUrl, home, prompt }: PlanInput): AgentRunPlan {
  const codexHome = join(home, '.codex');
  mkdirSync(codexHome, { recursive: true });
  writeFileSync(
    join(codexHome, 'config.toml'),
    [
      'model = "scripted"',
      'model_provider = "scripted"',
      'approval_policy = "never"',
      'sandbox_mode = "danger-full-access"',
      '',
      '[model_providers.scripted]',
      'name = "scripted"',
      `base_url = "${modelUrl}/v1"`,
      'wire_api = "responses"',
      'env_key = "SCRIPTED_MODEL_KEY"',
      'request_max_retries = 0',
      'stream_max_retries = 0',
      '',
    ].join('\n'),
  );
  return {
    command: 'codex',
    // Codex's own sandbox needs namespaces a root container may lack; shimctl is the gate under test.
    args: ['exec', '--skip-git-repo-check', '-s', 'danger-full-access', prompt],
    env: { CODEX_HOME: codexHome, SCRIPTED_MODEL_KEY: API_KEY },
  };
}

function geminiPlan({ modelUrl, home, prompt }: PlanInput): AgentRunPlan {
  // With GOOGLE_GEMINI_BASE_URL set, 0.61 derives the "gateway" auth type, which -p mode then rejects
  // ("Invalid auth method selected."): pin the API-key auth type in the user settings instead.
  mkdirSync(join(home, '.gemini'), { recursive: true });
  writeFileSync(
    join(home, '.gemini', 'settings.json'),
    JSON.stringify({
      security: { auth: { selectedType: 'gemini-api-key' } },
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
    }),
  );
  return {
    command: 'gemini',
    args: ['-p', prompt, '--yolo'],
    env: { GEMINI_API_KEY: API_KEY, GOOGLE_GEMINI_BASE_URL: modelUrl, GEMINI_CLI_TRUST_WORKSPACE: 'true' },
  };
}

function qwenPlan({ modelUrl, home, prompt }: PlanInput): AgentRunPlan {
  mkdirSync(join(home, '.qwen'), { recursive: true });
  writeFileSync(
    join(home, '.qwen', 'settings.json'),
    JSON.stringify({
      security: { auth: { selectedType: 'openai' } },
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
    }),
  );
  return {
    command: 'qwen',
    args: ['-p', prompt, '--yolo'],
    env: { OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: `${modelUrl}/v1`, OPENAI_MODEL: 'scripted' },
  };
}

function opencodePlan({ modelUrl, home, prompt }: PlanInput): AgentRunPlan {
  const dir = join(home, '.config', 'opencode');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'opencode.json'),
    JSON.stringify({
      $schema: 'https://opencode.ai/config.json',
      autoupdate: false,
      share: 'disabled',
      model: 'scripted/scripted',
      // OpenCode's own guard would refuse paths outside the workspace first; shimctl is what is under test.
      permission: { bash: 'allow', edit: 'allow', external_directory: 'allow' },
      provider: scriptedProvider(modelUrl),
    }),
  );
  return {
    command: 'opencode',
    args: ['run', prompt],
    env: { OPENCODE_DISABLE_AUTOUPDATE: '1', OPENCODE_DISABLE_MODELS_FETCH: '1', OPENCODE_DISABLE_LSP_DOWNLOAD: '1' },
  };
}

const FIRST_FIVE = new Set<string>(['claude', 'claude-current', 'codex', 'gemini', 'qwen', 'opencode']);

export function planFor(name: AgentName, input: PlanInput): AgentRunPlan {
  if (!FIRST_FIVE.has(name)) return morePlanFor(name as MoreAgentName, input);
  const id = agentIdOf(name);
  if (id === 'claude') return claudePlan(input);
  if (id === 'codex') return codexPlan(input);
  if (id === 'qwen') return qwenPlan(input);
  if (id === 'opencode') return opencodePlan(input);
  return geminiPlan(input);
}
