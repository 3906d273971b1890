import type { AppPorts } from '../ports/appPorts.js';
import type { parseShellInvocation } from '../../domain/shell/parseInvocation.js';
import type { reviewUseCase } from '../review.js';

/** The ports interception talks through; `createApp(env)` supplies the real ones, tests supply fakes. */
export interface InterceptDeps extends AppPorts {
  /** Where the one-line block message goes (the agent reads it). */
  writeStderr(text: string): void;
  now(): Date;
  newId(): string;
  /** Seams for unit tests of the flow itself; production always uses the real parser and review. */
  parseInvocation?: typeof parseShellInvocation;
  review?: typeof reviewUseCase;
}
