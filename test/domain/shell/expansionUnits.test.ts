import { describe, expect, it } from 'vitest';
import { KNOWN_VARIABLES } from '../../../src/domain/shell/expansion/knownVariables.js';
import { isSecretName } from '../../../src/domain/audit/secretAssignment.js';
import { applyEdits, shellQuote } from '../../../src/domain/shell/expansion/textEdits.js';
import { rewriteArgs } from '../../../src/application/intercept/rewriteArgs.js';
import { parseShellInvocation } from '../../../src/domain/shell/parseInvocation.js';
import { tokenize } from '../../../src/domain/shell/tokenize.js';

describe('expansion building blocks', () => {
  it('no variable the review expands is one the audit treats as a secret', () => {
    for (const name of KNOWN_VARIABLES) expect(isSecretName(name), name).toBe(false);
    // The check itself can fail: a secret-looking name is caught.
    expect(isSecretName('GITHUB_TOKEN')).toBe(true);
  });

  it('overlapping or out-of-range edits give no text (the caller refuses)', () => {
    expect(
      applyEdits('abcdef', [
        { start: 1, end: 3, replacement: 'X' },
        { start: 2, end: 4, replacement: 'Y' },
      ]),
    ).toBeUndefined();
    expect(applyEdits('abc', [{ start: 2, end: 9, replacement: 'X' }])).toBeUndefined();
    expect(applyEdits('ls *.ts', [{ start: 3, end: 7, replacement: 'a.ts b.ts' }])).toBe('ls a.ts b.ts');
  });

  it('quoted words read back as themselves', () => {
    for (const w of ['-rf', '$(x)', "it's", 'a b', '*', '~', 'ü', '']) {
      const q = shellQuote(w);
      const t = tokenize(`echo ${q}`, { home: '/h' });
      expect(t.ok && t.words[1], JSON.stringify(w)).toBe(w);
    }
  });

  it('the -c text is replaced where the shell reads it, positional words untouched', () => {
    const args = ['-c', 'ls *', 'ls *', 'ls *'];
    const inv = parseShellInvocation(args, 'bash');
    if (inv.kind !== 'command') throw new Error('not a command');
    expect(rewriteArgs(args, inv, 'ls a b', (a) => parseShellInvocation(a, 'bash'))).toEqual([
      '-c',
      'ls a b',
      'ls *',
      'ls *',
    ]);
    // A parser that reads the result differently: no rewrite.
    expect(rewriteArgs(args, inv, 'ls a b', () => ({ kind: 'interactive' }) as never)).toBeUndefined();
  });

  it('the tokenizer leaves `${X:-y}`, `$1`, `$(…)` refused even when expanding', () => {
    for (const t of ['echo ${X:-y}', 'echo $1', 'echo $(id)', 'echo $$', "echo $'a'"]) {
      const r = tokenize(t, { home: '/h', expand: true });
      expect(r.ok || r.expandable, t).toBeFalsy();
    }
  });
});
