import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MODEL_BY_COMMAND } from '../../../src/domain/toolModels/registry.js';
import { parseArgv } from '../../../src/domain/toolModels/parseArgv.js';

interface Case {
  note: string;
  argv: string[];
  uses: string[];
  values?: Record<string, string[]>;
  unknown?: string[];
  operands: string[];
  modes?: string[];
  /** The base directory of each operand (`tar -C`), null for none. */
  bases?: (string | null)[];
}
const cases = JSON.parse(readFileSync(new URL('./parseArgv.cases.json', import.meta.url), 'utf8')) as Case[];

/** A use is named by the option's canonical spelling as written in the case (first matching name). */
describe('parseArgv (parseArgv.cases.json)', () => {
  for (const c of cases) {
    it(`${c.note}: ${c.argv.join(' ')}`, () => {
      const model = MODEL_BY_COMMAND.get(c.argv[0]!)!;
      const p = parseArgv(model, c.argv.slice(1));
      const names = p.uses.map((u, i) => (u.option.names.includes(c.uses[i] ?? '') ? c.uses[i] : u.spelled));
      expect(names).toEqual(c.uses);
      for (const [name, values] of Object.entries(c.values ?? {})) {
        expect(p.uses.find((u) => u.option.names.includes(name))?.values).toEqual(values);
      }
      expect(p.unknown).toEqual(c.unknown ?? []);
      expect(p.operands).toEqual(c.operands);
      if (c.modes) expect([...p.modes]).toEqual(c.modes);
      if (c.bases) expect(c.operands.map((_, i) => p.operandBases?.[i] ?? null)).toEqual(c.bases);
    });
  }
});
