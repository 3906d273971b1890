import type { PolicyConfig } from '../../domain/policyConfig.js';

/** Named outcomes, never exceptions: the interception path blocks on anything but `ok`. */
export type ConfigOutcome =
  | {
      kind: 'ok';
      config: PolicyConfig;
      /** The files that contributed, in the order applied (built-in defaults are implicit). */
      sources: string[];
      warnings: ConfigWarning[];
      /** Which file defined each config rule id, for `shimctl explain`. */
      ruleSources?: Record<string, string>;
    }
  | { kind: 'invalid'; file: string; field: string; message: string; layer?: ConfigLayer }
  | { kind: 'unreadable'; file: string; message: string; layer?: ConfigLayer };

/** Which layer a failing file belongs to: the recovery differs (a project file can be quarantined). */
export type ConfigLayer = 'managed' | 'user' | 'project';

export interface ConfigWarning {
  code: 'config.loosening_ignored';
  file: string;
  field: string;
  message: string;
}

export interface ConfigSource {
  /** Defaults, then the user's file, then the project's (searched from `cwd` upwards). */
  load(cwd: string): ConfigOutcome;
}
