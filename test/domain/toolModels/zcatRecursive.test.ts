// zcat -r prints every file below a directory (with -f, uncompressed ones as they are), so its
// operands are tree reads, and -rf follows the tree's symlinks, as gzip -rf does (review pass 6:
// `zcat -rf ~` was allowed as a read of the directory itself, while `grep -r x ~` blocks).
import { describe, expect, it } from 'vitest';
import { modelFindings } from '../../../src/domain/toolModels/judgeModel.js';
import { MODEL_BY_COMMAND } from '../../../src/domain/toolModels/registry.js';

const zcat = (...args: string[]) => modelFindings('zcat', MODEL_BY_COMMAND.get('zcat')!, args);

describe('zcat -r', () => {
  it('reads the whole tree of each operand', () => {
    expect(zcat('-r', '~').paths).toEqual([{ raw: '~', access: 'read', recursive: true }]);
    expect(zcat('--recursive', 'dir').paths).toEqual([{ raw: 'dir', access: 'read', recursive: true }]);
  });
  it('asks with -f, which follows the symlinks in the tree', () => {
    const found = zcat('-rf', '.');
    expect(found.paths).toEqual([{ raw: '.', access: 'read', recursive: true }]);
    expect(found.verdicts.map((v) => [v.decision, v.reasons[0]?.code])).toEqual([['ask', 'command.option_effect']]);
  });
  it('stays a plain read without -r', () => {
    const found = zcat('-f', 'a.gz');
    expect(found.paths).toEqual([{ raw: 'a.gz', access: 'read' }]);
    expect(found.verdicts).toEqual([]);
  });
});
