import type { ApprovalStore } from '../../../application/approvals/approvalStore.js';
import type { AlwaysDeps } from '../../../application/approvals/planAlwaysRule.js';
import type { UserRuleWriter } from '../../../application/approvals/approvalStore.js';
import { createApp } from '../../../compositionRoot.js';
import { createFileApprovalStore } from '../../../infrastructure/approvals/fileApprovalStore.js';
import { projectRoot } from '../../../infrastructure/config/configFiles.js';
import { createUserRuleWriter } from '../../../infrastructure/approvals/userRuleWriter.js';

export interface ApprovalsWiring {
  store: ApprovalStore;
  always: AlwaysDeps & { rules: UserRuleWriter };
  shimDir: string;
  stateDir: string;
  approvalsDir: string;
  /** `approvals.answerWithoutTerminal` from the user's config (a project cannot set `approvals`); false if the config does not load. */
  answerWithoutTerminal(): boolean;
}

/** The answering side's adapters, from the one composition root's paths and config source. */
export function approvalsWiring(env: Record<string, string | undefined>): ApprovalsWiring {
  const app = createApp(env);
  return {
    store: createFileApprovalStore(app.paths),
    shimDir: app.paths.shimDir,
    stateDir: app.paths.stateDir,
    approvalsDir: app.paths.approvalsDir,
    answerWithoutTerminal() {
      const loaded = app.configSource.load(app.paths.home);
      return loaded.kind === 'ok' && loaded.config.approvals.answerWithoutTerminal === true;
    },
    always: {
      configSource: app.configSource,
      factsFor: (path) => app.hostFacts.facts({ ...env, HOME: app.paths.home, PATH: path ?? env.PATH }),
      regoEngine: app.regoEngine,
      today: new Date().toISOString().slice(0, 10),
      projectRoot: (cwd) => projectRoot(cwd, app.paths.home),
      rules: createUserRuleWriter(app.paths),
    },
  };
}
