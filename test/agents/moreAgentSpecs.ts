// How to start the agents issue 19 added (Copilot, Continue, Cline, Kilo, Auggie, Droid, Crush)
// against the scripted model: argv, environment and files each needs. Kept apart from
// agentSpecs.ts so the first five keep their own file.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentRunPlan, PlanInput } from './agentSpecs.js';
import { API_KEY, scriptedProvider } from './scriptedModelConfig.js';

export type MoreAgentName = 'kilo' | 'crush' | 'copilot' | 'cline' | 'cn' | 'auggie' | 'droid';
/** In the order of expected ease (issue 19). */
export const MORE_AGENT_NAMES: MoreAgentName[] = ['kilo', 'copilot', 'cn', 'cline', 'crush', 'auggie', 'droid'];

/**
 * Agents that cannot be driven offline, with the exact evidence (also in scripts/agents/agents.json's
 * gaps): the suite skips them with this reason instead of installing them on every run.
 */
export const NOT_DRIVABLE: Partial<Record<MoreAgentName, string>> = {
  crush:
    'npm install @charmland/crush@0.96.1 fails offline: its postinstall downloads the binary from github.com ("Error: Installation failed: Request failed: getaddrinfo ENOTFOUND github.com")',
  auggie:
    'auggie 0.36.0 needs an Augment login before any request ("No auth provided. Please log in with `auggie login` or set the AUGMENT_SESSION_AUTH environment variable.") and has no OpenAI- or Anthropic-compatible provider setting',
};

function copilotPlan({ modelUrl, home, prompt, agentDir }: PlanInput): AgentRunPlan {
  return {
    command: 'copilot',
    args: ['-p', prompt, '--allow-all-tools', '--no-auto-update', '--disable-client-telemetry'],
    env: {
      // BYOK with offline mode: no GitHub login, no telemetry, no update check (`copilot help environment`).
      COPILOT_OFFLINE: 'true',
      COPILOT_PROVIDER_BASE_URL: `${modelUrl}/v1`,
      COPILOT_PROVIDER_TYPE: 'openai',
      COPILOT_PROVIDER_API_KEY: API_KEY,
      COPILOT_MODEL: 'scripted',
      COPILOT_HOME: join(home, '.copilot'),
      // The binary unpacks its 200 MB package on first start (~13 s): once per cache, not per HOME.
      ...(agentDir ? { COPILOT_PKG_CACHE_HOME: join(agentDir, 'pkg-cache') } : {}),
    },
  };
}

function kiloPlan({ modelUrl, prompt }: PlanInput): AgentRunPlan {
  // Kilo CLI 7 is an OpenCode fork: the same config schema, read here from KILO_CONFIG_CONTENT.
  const config = {
    autoupdate: false,
    share: 'disabled',
    model: 'scripted/scripted',
    // Only the scripted provider: Kilo's own gateway would try to fetch its model list first.
    enabled_providers: ['scripted'],
    // Kilo's own guard would refuse paths outside the workspace first; shimctl is what is under test.
    permission: { bash: 'allow', edit: 'allow', external_directory: 'allow' },
    provider: scriptedProvider(modelUrl),
  };
  return {
    command: 'kilo',
    args: ['run', prompt],
    env: {
      KILO_CONFIG_CONTENT: JSON.stringify(config),
      KILO_DISABLE_AUTOUPDATE: '1',
      KILO_DISABLE_MODELS_FETCH: '1',
      KILO_DISABLE_LSP_DOWNLOAD: '1',
      KILO_DISABLE_SHARE: '1',
      KILO_DISABLE_SESSION_INGEST: '1',
      KILO_DISABLE_CODEBASE_INDEXING: '1',
      KILO_TELEMETRY_LEVEL: 'off',
    },
  };
}

function cnPlan({ modelUrl, home, prompt }: PlanInput): AgentRunPlan {
  // A local config file: no Continue Hub login (the hub is only used for slugs, none here).
  const dir = join(home, '.continue');
  mkdirSync(dir, { recursive: true });
  const config = join(dir, 'scripted.yaml');
  writeFileSync(
    config,
    [
      'name: scripted',
      'version: 1.0.0',
      'schema: v1',
      'models:',
      '  - name: scripted',
      '    provider: openai',
      '    model: scripted',
      `    apiBase: ${modelUrl}/v1`,
      `    apiKey: ${API_KEY}`,
      '    roles: [chat, edit, apply]',
      '    capabilities: [tool_use]',
      '',
    ].join('\n'),
  );
  return {
    command: 'cn',
    // --auto: every tool allowed without asking (shimctl is the gate under test).
    args: ['-p', prompt, '--config', config, '--auto'],
    env: { CONTINUE_GLOBAL_DIR: dir, CONTINUE_METRICS_ENABLED: 'false', CONTINUE_CLI_ENABLE_TELEMETRY: 'false' },
  };
}

function clinePlan({ modelUrl, home, prompt }: PlanInput): AgentRunPlan {
  // What `cline auth -p openai-compatible -k KEY -m scripted -b URL` writes (checked with 3.0.65).
  const dir = join(home, '.cline', 'data', 'settings');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'providers.json'),
    JSON.stringify(
      {
        version: 1,
        lastUsedProvider: 'openai-compatible',
        modes: {},
        providers: {
          'openai-compatible': {
            settings: { provider: 'openai-compatible', apiKey: API_KEY, model: 'scripted', baseUrl: `${modelUrl}/v1` },
            updatedAt: new Date().toISOString(),
            tokenSource: 'manual',
          },
        },
      },
      null,
      2,
    ),
  );
  return {
    command: 'cline',
    // A prompt argument runs one task in act mode, tools auto-approved (cline --help).
    args: [prompt],
    env: {},
  };
}

function droidPlan({ modelUrl, home, prompt }: PlanInput): AgentRunPlan {
  // Droid's own BYOK: a custom model in ~/.factory/settings.json, an OpenAI-compatible endpoint.
  const dir = join(home, '.factory');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'settings.json'),
    JSON.stringify(
      {
        customModels: [
          {
            model: 'scripted',
            displayName: 'scripted',
            baseUrl: `${modelUrl}/v1`,
            apiKey: API_KEY,
            provider: 'generic-chat-completion-api',
            maxOutputTokens: 1024,
          },
        ],
      },
      null,
      2,
    ),
  );
  return {
    command: 'droid',
    args: ['exec', '--skip-permissions-unsafe', '-m', 'custom:scripted-0', prompt],
    env: { FACTORY_AIRGAP_ENABLED: '1' },
  };
}

export function morePlanFor(name: MoreAgentName, input: PlanInput): AgentRunPlan {
  if (name === 'copilot') return copilotPlan(input);
  if (name === 'kilo') return kiloPlan(input);
  if (name === 'cn') return cnPlan(input);
  if (name === 'cline') return clinePlan(input);
  if (name === 'droid') return droidPlan(input);
  throw new Error(`no plan for ${name} yet`);
}
