import { createApp } from '../../../compositionRoot.js';
import { ruleMatchText, ruleScope } from '../../../domain/rules/describeRule.js';
import { DEFAULT_SESSION_TTL_HOURS, sessionRuleExpired } from '../../../domain/rules/sessionRules.js';
import { editUserConfig } from '../../../infrastructure/config/editUserConfig.js';
import { showControls } from '../../../domain/approvals/showControls.js';
import { approvalsWiring } from '../approvals/approvalsWiring.js';
import { refuseToAnswer, sessionRefusalMessage } from '../approvals/sessionGuard.js';
import type { CliCommand } from '../cliContext.js';
import { EXIT } from '../exitCodes.js';
import { UsageError, runCommand } from '../runCommand.js';

const USAGE = `usage: shimctl rules [--json]          every config rule in effect here: id, scope, decision, match, file
       shimctl rules list [--json]     the same
       shimctl rules revoke ID         remove a rule (an approval) from your config file
`;

/** `shimctl rules` (docs/rules.md): lists the rules in effect for the current directory, or revokes a saved one. */
export const rulesCommand: CliCommand = {
  name: 'rules',
  summary: 'List the config rules in effect (scope, file, id), or revoke a saved rule.',
  run: (args, ctx) =>
    runCommand(
      {
        name: 'rules',
        usage: USAGE,
        options: { json: { type: 'boolean' } },
        positionals: 'any',
        run: (values, words) => {
          const json = values.json === true;
          const app = createApp(ctx.env);
          if (words[0] === 'revoke') {
            const id = words[1];
            if (!id || words.length > 2) throw new UsageError('revoke takes one rule id');
            const refused = refuseToAnswer(ctx.env, approvalsWiring(ctx.env));
            if (refused) {
              ctx.stderr.write(sessionRefusalMessage('rules revoke', refused));
              return EXIT.FAILED;
            }
            const out = editUserConfig(app.paths, (content) => {
              const rules = Array.isArray(content.rules) ? (content.rules as Array<{ id?: unknown }>) : [];
              const kept = rules.filter((r) => r.id !== id);
              if (kept.length === rules.length)
                return `no rule '${id}' in your config (managed and project rules are revoked in their own files; see shimctl rules)`;
              return { ...content, rules: kept };
            });
            if (!out.ok) {
              ctx.stderr.write(`shimctl rules: ${out.message} (${out.file})\n`);
              return EXIT.FAILED;
            }
            ctx.stdout.write(`revoked ${id} from ${out.file}\n`);
            return EXIT.OK;
          }
          if (words.length > 1 || (words.length === 1 && words[0] !== 'list'))
            throw new UsageError(`unexpected ${words.join(' ')}`);
          const loaded = app.configSource.load(ctx.cwd);
          if (loaded.kind !== 'ok') {
            ctx.stderr.write(`shimctl rules: the config does not load (${loaded.file}: ${loaded.message})\n`);
            return EXIT.FAILED;
          }
          const ttl = loaded.config.approvals.sessionTtlHours ?? DEFAULT_SESSION_TTL_HOURS;
          const now = Date.now();
          const rows = loaded.config.rules.map((r) => ({
            id: r.id,
            scope: ruleScope(r),
            // A session approval past its TTL is listed (revoke removes it) but applies nowhere.
            ...(sessionRuleExpired(r, now, ttl) ? { expired: true } : {}),
            decision: r.decision,
            match: ruleMatchText(r),
            file: loaded.ruleSources?.[r.id] ?? null,
            rule: { ...r, layer: undefined },
          }));
          if (json) {
            ctx.stdout.write(`${JSON.stringify({ cwd: ctx.cwd, rules: rows })}\n`);
            return EXIT.OK;
          }
          if (rows.length === 0)
            ctx.stdout.write(`no config rules in effect in ${showControls(ctx.cwd)} (only the built-in rules)\n`);
          for (const r of rows)
            ctx.stdout.write(
              `${showControls(r.id)}  ${r.scope}${r.expired ? ' (expired)' : ''}  ${r.decision}  ${showControls(r.match)}  ${showControls(r.file ?? '?')}\n`,
            );
          return EXIT.OK;
        },
      },
      args,
      ctx,
    ),
};
