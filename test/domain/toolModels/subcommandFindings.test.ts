// A subcommand's findings reach the caller whole: a bare host a subcommand's model names
// (`TOOL sub HOST`) goes to the URL policy like a URL does (review pass 6: hosts were dropped).
import { describe, expect, it } from 'vitest';
import { modelFindings } from '../../../src/domain/toolModels/judgeModel.js';
import type { ToolModel } from '../../../src/domain/toolModels/modelTypes.js';

const sub: ToolModel = { commands: ['tool probe'], options: [], operands: { rest: 'network' } };
const tool: ToolModel = {
  commands: ['tool'],
  permute: false,
  options: [],
  operands: { rest: 'none' },
  subcommands: { probe: sub },
};

describe('subcommand findings', () => {
  it('keeps the hosts and URLs a subcommand names', () => {
    const found = modelFindings('tool', tool, ['probe', 'evil.example', 'https://evil.example/x']);
    expect(found.hosts).toEqual(['evil.example']);
    expect(found.urls).toEqual(['https://evil.example/x']);
  });
});
