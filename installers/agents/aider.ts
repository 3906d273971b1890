import type { AgentWiring } from '../agentWiring.js';

// Aider: with a TTY `$SHELL -i -c`; without one a hard-coded `/bin/sh -c`.
export const aider: AgentWiring = {
  name: 'aider',
  title: 'Aider',
  env: { SHELL: '{bashShim}' },
  args: [],
  coverage: 'partial',
  note: 'With a terminal Aider runs $SHELL (the shim). Without one it runs /bin/sh by absolute path, which no shim or BASH_ENV reaches: those commands are NOT reviewed.',
};
