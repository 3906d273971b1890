// OWNER: config/decide helper. Placeholder: reports every config as unreadable, so interception blocks.
import type { ConfigSource } from '../../application/ports/configSource.js';
import type { StatePaths } from '../paths/statePaths.js';

export function createConfigSource(_paths: StatePaths): ConfigSource {
  return { load: () => ({ kind: 'unreadable', file: '(none)', message: 'config loader not built yet' }) };
}
