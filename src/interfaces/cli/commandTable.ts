import type { CliCommand } from './cliContext.js';
import { approvalsCommand } from './commands/approvals.js';
import { approveCommand } from './commands/approve.js';
import { configCommand } from './commands/config.js';
import { auditCommand } from './commands/audit.js';
import { daemonCommand } from './commands/daemon.js';
import { decideCommand } from './commands/decide.js';
import { denyCommand } from './commands/deny.js';
import { doctorCommand } from './commands/doctor.js';
import { explainCommand } from './commands/explain.js';
import { hookCommand } from './commands/hook.js';
import { installCommand } from './commands/install.js';
import { policyCommand } from './commands/policy.js';
import { modeCommand } from './commands/mode.js';
import { rulesCommand } from './commands/rules.js';
import { shimCommand } from './commands/shim.js';
import { statusCommand } from './commands/status.js';
import { uninstallCommand } from './commands/uninstall.js';
import { serveCommand } from './commands/serve.js';
import { uiCommand } from './commands/ui.js';

/** One line per command; internal ones start with `__` and are not listed in help. */
export const COMMANDS: readonly CliCommand[] = [
  installCommand,
  uninstallCommand,
  statusCommand,
  doctorCommand,
  decideCommand,
  explainCommand,
  policyCommand,
  configCommand,
  modeCommand,
  rulesCommand,
  auditCommand,
  approvalsCommand,
  serveCommand,
  uiCommand,
  approveCommand,
  denyCommand,
  shimCommand,
  hookCommand,
  daemonCommand,
];
