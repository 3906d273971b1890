import type { DecideDeps } from '../../application/decide/decideUseCase.js';
import type { ApprovalsWiring } from '../cli/approvals/approvalsWiring.js';

/** What the HTTP routes need, wired once by `shimctl serve` (src/interfaces/cli/commands/serve.ts). */
export interface HttpDeps {
  token: string;
  /** The port the server listens on (known once it listens; `--port 0` picks one). */
  port(): number;
  decide(): DecideDeps;
  auditLog: string;
  approvals(): ApprovalsWiring;
  /** Why the peer of a connection must not answer approvals (peerGuard.ts), or undefined. */
  refusePeer(peerPort: number): string | undefined;
}
