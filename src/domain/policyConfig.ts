import type { ShipConfig } from './audit/shipTarget.js';
import type { Decision, Risk } from './verdict.js';
import type { Mode } from './modes/mode.js';

export interface RulePin {
  root: string;
  digest: string;
}

/** Which file a rule came from; set by the loader, never by a file (docs/rules.md). */
export type RuleLayer = 'managed' | 'user' | 'project';

/**
 * A managed, user or project rule, as written in config. Rules are data with a stable id.
 * Matching (docs/rules.md): `command` is the canonical command name (after wrapper unwrapping and
 * path resolution); `subcommand` the first non-option words; `args` (optional) the remaining
 * argv, word for word, where `*` inside a word matches any characters and a last word `*` matches
 * any number of remaining words; `argsContain` (optional) words that must all appear. Conditions:
 * `cwd` (an absolute directory glob; `/dir/**` is the directory and everything below it),
 * `agent`, `session`. The most specific matching rule decides.
 */
export interface ConfigRule {
  id: string;
  command: string;
  subcommand?: string[];
  args?: string[];
  argsContain?: string[];
  cwd?: string;
  agent?: string;
  session?: string;
  decision: Decision;
  risk?: Risk;
  reason?: string;
  /**
   * For `allow` rules saved by "approve always": the built-in verdict it may lift must have no
   * rule ids outside this list and no risk above `maxRisk` (what the human saw when approving).
   */
  lifts?: string[];
  maxRisk?: Risk;
  /**
   * For project approvals of a build or test tool (docs/rules.md, projectPin.ts): the repository
   * root and the digest of the files that define what runs, taken when the human approved. The
   * rule applies only while the digest is unchanged.
   */
  pin?: RulePin;
  /** When "approve always" saved it (ISO 8601). A session approval applies for `approvals.sessionTtlHours` after this (sessionRules.ts). */
  savedAt?: string;
  layer?: RuleLayer;
}

export const LOOPBACK_POLICIES = ['allow-reads', 'ask', 'block'] as const;
export type LoopbackPolicy = (typeof LOOPBACK_POLICIES)[number];
export const PRIVATE_POLICIES = ['ask', 'block'] as const;
export type PrivatePolicy = (typeof PRIVATE_POLICIES)[number];

export type EngineName = 'native' | 'rego' | 'both';

/** The merged, validated configuration every layer reads. Defaults live in `defaultConfig`. */
export interface PolicyConfig {
  engine: EngineName;
  /** User rules first (in file order), then project rules. Checked before built-in rules. */
  rules: ConfigRule[];
  /** Extra protected paths (globs allowed, `~` expanded), added to the built-in list. */
  protectedPaths: string[];
  /**
   * The directories whose project files this config already holds (searched from the cwd it was
   * loaded for): the path review reads the project files of any other directory a command reaches
   * (paths/otherProjects.ts). Absent: none is known to be held, so every directory is read.
   */
  projectDirs?: readonly string[];
  /**
   * The trusted config files (user, managed) whose `audit.ship` holds the sinks' credentials
   * (shipCredentials.ts), each as found and as resolved: reading them is refused like any secret
   * (paths:audit-sink-credentials). Set by the loader from what it parsed; absent when none does.
   */
  sinkCredentialFiles?: string[];
  /** Roots whose deletion (or their parent's) is always refused. `~` expanded. */
  roots: string[];
  /** Built-in rule ids switched off by the user (never by a project). */
  disabledRules: string[];
  /**
   * `loopback`: `allow-reads` lets a plain GET/HEAD by curl or wget to a literal loopback address
   * run (a dev-server check), anything else to loopback asks; `ask` asks for every loopback URL;
   * `block` refuses them. `private`: LAN, CGNAT and unique-local addresses ask or are refused.
   * Strictness grows in the order the values are listed in `LOOPBACK_POLICIES`/`PRIVATE_POLICIES`.
   */
  urls: { allowSchemes: string[]; allowHosts: string[]; loopback: LoopbackPolicy; private: PrivatePolicy };
  /** `answerWithoutTerminal`: approve/deny may run without a terminal (user config only; a project cannot set `approvals`). */
  /** `sessionTtlHours`: how long a session approval applies after it was saved (docs/rules.md); absent: 24. */
  approvals: { enabled: boolean; timeoutSeconds: number; answerWithoutTerminal?: boolean; sessionTtlHours?: number };
  /** The local HTTP API (docs/http-api.md): `serveInDaemon` runs it inside the resident review process (user config only). */
  http: { serveInDaemon: boolean; port: number };
  execution: { timeoutSeconds: number; graceSeconds: number; maxOutputBytes: number; envAllow: string[] };
  /**
   * Rotation at `maxBytes` keeping `keep` old files; a rotated file whose newest record is younger
   * than `retentionDays` is never deleted, whatever the count. `warnMiBPerHour`: status and doctor
   * warn when more than this was written in the last hour. `ship`: where the resident process and
   * `audit ship --once` send records, from the user's file or, when it sets one, the managed
   * file (which wins); `shipSource` names that file. Never from a project.
   */
  audit: {
    maxBytes: number;
    keep: number;
    retentionDays: number;
    warnMiBPerHour: number;
    ship?: ShipConfig;
    shipSource?: string;
  };
  /** How nested shells inside an allowed command are treated. */
  nested: 'review' | 'passthrough';
  /**
   * `structured`: compound commands in the supported subset are judged part by part (docs/shell.md).
   * `strict`: only one simple command (agent envelopes at the agent's own hop still work).
   */
  syntax: 'structured' | 'strict';
  /** The user's default mode (a project can only move it toward plan); absent: `default`. */
  mode?: Mode;
  /** The loosest mode any launch may use (set by the managed layer and project files). */
  modeCeiling?: Mode;
  rego: {
    mode: 'eval' | 'server';
    policyPaths: string[];
    query: string;
    url: string;
    tokenEnv?: string;
    timeoutMs: number;
    opaPath?: string;
  };
}
