// What `npm run bench` measures, bundled by esbuild into a temp dir (no tsx at run time).
export { reviewCommand } from '../../src/domain/review/reviewCommand.js';
export { reviewUseCase } from '../../src/application/review.js';
export { defaultConfig } from '../../src/domain/defaultConfig.js';
export { createHostFactsProvider } from '../../src/infrastructure/hostFacts/createHostFactsProvider.js';
export { createConfigSource } from '../../src/infrastructure/config/createConfigSource.js';
export { statePaths } from '../../src/infrastructure/paths/statePaths.js';
export { treeSitterBash } from '../../src/infrastructure/shellGrammar/treeSitterBash.js';
