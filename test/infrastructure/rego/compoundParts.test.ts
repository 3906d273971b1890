// Compound commands under a Rego engine are judged part by part (docs/rego.md "Compound commands"):
// the real native review and shell grammar, a STAND-IN for opa (opa-judges-argv, not OPA) playing a
// policy for one simple command. Before, every compound command was refused under Rego (syntax.compound).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { reviewUseCase } from '../../../src/application/review.js';
import type { EngineInput } from '../../../src/application/ports/policyEngine.js';
import { createHostFactsProvider } from '../../../src/infrastructure/hostFacts/createHostFactsProvider.js';
import { statePaths } from '../../../src/infrastructure/paths/statePaths.js';
import { createRegoEngine } from '../../../src/infrastructure/rego/createRegoEngine.js';
import type { HostFacts } from '../../../src/domain/reviewRequest.js';
import { withRealGrammar } from '../../domain/review/grammarFacts.js';
import cases from './compoundParts.cases.json' with { type: 'json' };
import { fullConfig, hermeticEnv, hermeticHome, regoConfig, standin } from './regoTestKit.js';

const home = hermeticHome();
const env = hermeticEnv(home);
const workspace = join(home, 'proj');
const policyDir = join(home, 'policy');
const recorded = join(policyDir, 'opa-inputs.jsonl');
let facts: HostFacts;
beforeAll(async () => {
  mkdirSync(join(workspace, '.git'), { recursive: true });
  mkdirSync(join(workspace, 'src'), { recursive: true });
  writeFileSync(join(workspace, 'note.txt'), 'note\n');
  mkdirSync(policyDir, { recursive: true });
  writeFileSync(join(policyDir, 'policy.rego'), '# the stand-in does not read it\n');
  facts = await withRealGrammar(createHostFactsProvider(statePaths(env)).facts(env));
});

describe('compound commands under Rego, part by part (stand-in opa, not OPA)', () => {
  for (const c of cases.cases) {
    it(`${c.engine}: ${c.name}`, async () => {
      rmSync(recorded, { force: true });
      const rego = regoConfig({ opaPath: standin('opa-judges-argv'), policyPaths: [join(policyDir, 'policy.rego')] });
      const req = {
        cwd: workspace,
        command: c.command,
        ...('agent' in c ? { agent: c.agent, hop: c.hop as 'agent' } : {}),
      };
      const result = await reviewUseCase(req, {
        config: fullConfig(c.engine as 'rego', rego),
        facts,
        rego: createRegoEngine(rego, env),
      });
      const codes = result.verdict.reasons.map((r) => r.code);
      const why = `${result.verdict.decision} ${codes.join(',')}\n${result.trace.map((t) => `${t.stage}: ${t.detail}`).join('\n')}`;
      expect(result.verdict.decision, why).toBe(c.expect.decision);
      if ('code' in c.expect) expect(codes, why).toContain(c.expect.code);
      if ('codeStartsWith' in c.expect)
        expect(
          codes.some((x) => x.startsWith(c.expect.codeStartsWith!)),
          why,
        ).toBe(true);
      const inputs = existsSync(recorded)
        ? readFileSync(recorded, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l) as EngineInput)
        : [];
      const seen = inputs.map((i) => [i.part?.command, i.part?.cwd, i.normalized?.effectiveArgv]);
      const want = c.inputs.map(([command, dir, argv]) => [
        command,
        dir === '.' ? workspace : join(workspace, dir as string),
        argv,
      ]);
      expect(seen, why).toEqual(want);
      for (const i of inputs) {
        // Every input says what was sent and lists the parts; its paths are resolved where the part runs.
        expect(i.request.command).toBe(c.command);
        expect(i.request.cwd).toBe(workspace);
        expect(i.compound?.parts.map((p) => p.command)).toEqual(c.inputs.map(([command]) => command));
      }
    });
  }
});
