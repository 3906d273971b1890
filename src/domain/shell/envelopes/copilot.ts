import type { Shape } from './shape.js';
import { compileTemplate } from './template.js';

const LOGIN_ENV_DUMP = compileTemplate(
  "printf %s '__copilot_login_env_snapshot_{{pid}}_{{nonce}}__'; if ! command env -0 2>/dev/null; then " +
    'for __copilot_k in $(compgen -e); do printf \'%s=%s\\0\' "$__copilot_k" "${!__copilot_k}"; done; fi',
  // The first field is Copilot's pid in hex (captures: 1173, 68f8; a CI run of 1.0.102 sent 5a01).
  { pid: { source: '[0-9a-f]{1,8}' }, nonce: { source: '[0-9a-f]{16}' } },
);

export const copilotShapes: Shape[] = [
  {
    agent: 'copilot',
    name: 'copilot-login-env',
    kind: 'bookkeeping',
    prefix: 'printf %s ',
    match: (text) => (LOGIN_ENV_DUMP.test(text) ? { sourced: [] } : undefined),
  },
];
