// What `scripts/benchDaemonReview.mjs` measures, bundled by esbuild into a temp dir: the function a
// resident review worker runs for each request (daemon.ts), with the ports it wires.
export { reviewRequest } from '../../src/interfaces/cli/commands/daemon.js';
export { createWatchedConfigSource } from '../../src/infrastructure/daemon/watchedConfigSource.js';
export { statePaths } from '../../src/infrastructure/paths/statePaths.js';
export { treeSitterBash } from '../../src/infrastructure/shellGrammar/treeSitterBash.js';
export { createReviewPool } from '../../src/infrastructure/daemon/reviewWorkers.js';
