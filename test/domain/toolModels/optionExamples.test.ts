// One check per modelled option, derived from its example: the example parses with no unknown
// word and uses that very option. A model entry without a working example fails here.
import { describe, expect, it } from 'vitest';
import type { ToolModel } from '../../../src/domain/toolModels/modelTypes.js';
import { TOOL_MODELS } from '../../../src/domain/toolModels/registry.js';
import { parseArgv } from '../../../src/domain/toolModels/parseArgv.js';

describe("option models: each option's example", () => {
  it('no command has two models', () => {
    const names = TOOL_MODELS.flatMap((m) => m.commands);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });
  // A tool with subcommands (git) lists each subcommand's model too, and theirs (`git stash push`):
  // their examples start with their full names. Variants (gh's per-subcommand tables) are checked like any model.
  const withSubs = (m: ToolModel): ToolModel[] => [
    m,
    ...Object.values(m.subcommands ?? {}).flatMap(withSubs),
    ...(m.variants ?? []).map((v) => v.model),
  ];
  const models = TOOL_MODELS.flatMap(withSubs);
  for (const model of models) {
    const prefix = model.commands[0]!.split(' ');
    for (const option of model.options) {
      it(`${model.commands[0]} ${option.names.join(', ')}: ${option.example}`, () => {
        const words = option.example.split(' ');
        const [command, ...args] =
          prefix.length > 1 ? [words.slice(0, prefix.length).join(' '), ...words.slice(prefix.length)] : words;
        expect(model.commands).toContain(command);
        const parsed = parseArgv(model, args);
        expect(parsed.unknown, 'the example has a word the model does not know').toEqual([]);
        expect(
          parsed.uses.map((u) => u.option),
          'the example does not use this option',
        ).toContain(option);
      });
    }
  }
});
