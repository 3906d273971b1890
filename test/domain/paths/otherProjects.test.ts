// What other projects' files add to the config (attack pass 19, F6), with the host fact answered
// from a table (the domain is pure; the real fact is tested in hostFacts/projectFilesAbove.test.ts).
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import { judgePaths } from '../../../src/domain/paths/judgePaths.js';
import { withOtherProjects } from '../../../src/domain/paths/otherProjects.js';
import type { HostFacts, ProjectFileFact } from '../../../src/domain/reviewRequest.js';

const OTHER: ProjectFileFact = {
  file: '/w/other/.shimctlrc.json',
  protectedPaths: ['/w/other/secrets/**'],
  roots: ['/w/other/data'],
};
const BROKEN: ProjectFileFact = { file: '/w/broken/.shimctlrc.json', problem: 'JSON syntax error' };

function factsFrom(table: Record<string, ProjectFileFact[]>, asked: Array<[string, string[]]> = []): HostFacts {
  return {
    home: '/home/u',
    realpath: (p) => p,
    resolveCommand: () => undefined,
    fileId: () => undefined,
    projectFilesAbove(dir, held) {
      asked.push([dir, [...held]]);
      const key = Object.keys(table).find((k) => dir === k || dir.startsWith(`${k}/`));
      return key ? table[key]! : [];
    },
  };
}

describe('withOtherProjects', () => {
  it('adds what another project protects and keeps, and asks the fact with the directories the config holds', () => {
    const asked: Array<[string, string[]]> = [];
    const config = { ...defaultConfig(), projectDirs: ['/w/mine'] };
    const out = withOtherProjects(config, factsFrom({ '/w/other': [OTHER] }, asked), ['/w/other/secrets']);
    expect(out.config.protectedPaths).toEqual([...config.protectedPaths, '/w/other/secrets/**']);
    expect(out.config.roots).toEqual([...config.roots, '/w/other/data']);
    expect(out.problems).toEqual([]);
    expect(asked).toEqual([['/w/other/secrets', ['/w/mine']]]);
  });

  it('changes nothing when the files add nothing new, and gives the same widened config for the same additions', () => {
    const config = { ...defaultConfig(), protectedPaths: ['/w/other/secrets/**'], roots: ['/w/other/data'] };
    expect(withOtherProjects(config, factsFrom({ '/w/other': [OTHER] }), ['/w/other']).config).toBe(config);
    const plain = defaultConfig();
    const a = withOtherProjects(plain, factsFrom({ '/w/other': [OTHER] }), ['/w/other']).config;
    const b = withOtherProjects(plain, factsFrom({ '/w/other': [OTHER] }), ['/w/other/x']).config;
    expect(a).not.toBe(plain);
    expect(b).toBe(a);
  });

  it('a file that cannot be read is an ask naming it', () => {
    const out = withOtherProjects(defaultConfig(), factsFrom({ '/w/broken': [BROKEN] }), ['/w/broken']);
    expect(out.problems).toHaveLength(1);
    expect(out.problems[0]).toMatchObject({ decision: 'ask', rule_ids: ['paths:other-project-config'] });
    expect(out.problems[0]!.reasons[0]!.message).toContain('/w/broken/.shimctlrc.json');
  });
});

describe('judgePaths with other projects', () => {
  const ctx = (facts: HostFacts) => ({
    cwd: '/w/mine',
    config: { ...defaultConfig(), projectDirs: ['/w/mine'] },
    facts,
  });
  it.each([
    [{ raw: '../other/secrets/prod.txt', access: 'read' as const }, 'block'],
    [{ raw: '/w/other', access: 'read' as const, recursive: true }, 'block'],
    [{ raw: '/w/other/data', access: 'delete' as const, recursive: true }, 'block'],
    [{ raw: '../other/README.md', access: 'read' as const }, 'allow'],
    [{ raw: '/w/broken/README.md', access: 'read' as const }, 'ask'],
  ])('%j is %s', (arg, decision) => {
    const facts = factsFrom({ '/w/other': [OTHER], '/w/broken': [BROKEN] });
    expect(judgePaths([arg], ctx(facts)).verdict.decision).toBe(decision);
  });
});
