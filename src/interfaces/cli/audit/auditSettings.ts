import { createApp } from '../../../compositionRoot.js';
import { defaultConfig } from '../../../domain/defaultConfig.js';
import type { PolicyConfig } from '../../../domain/policyConfig.js';
import type { CliContext } from '../cliContext.js';

/** The user's audit settings (rotation, retention, volume warning); the defaults if the config cannot be read. */
export function auditSettings(ctx: CliContext): PolicyConfig['audit'] {
  try {
    const outcome = createApp(ctx.env).configSource.load(ctx.cwd);
    return outcome.kind === 'ok' ? outcome.config.audit : defaultConfig().audit;
  } catch {
    return defaultConfig().audit;
  }
}
