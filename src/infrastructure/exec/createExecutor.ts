// OWNER: exec/audit helper. Placeholder: refuses to run anything.
import type { Executor } from '../../application/ports/executor.js';

export function createExecutor(): Executor {
  return { run: () => Promise.reject(new Error('executor not built yet')) };
}
