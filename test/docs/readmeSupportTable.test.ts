// The README's real-agent support table is not written by hand: it must be exactly what
// scripts/agents/supportTable.mjs renders from test/agents/support.json (written by `npm run test:agents`).
// Refresh it with: node scripts/agents/supportTable.mjs --write README.md
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderSupportTable, type SupportFile } from '../../scripts/agents/supportTable.mjs';
import { ROOT, markedBlock, readReadme, tableCells } from './readmeText.js';

const support = JSON.parse(readFileSync(join(ROOT, 'test/agents/support.json'), 'utf8')) as SupportFile;
const block = markedBlock(readReadme(), 'support-table');

describe('README support table', () => {
  it('is the rendering of test/agents/support.json', () => {
    expect(block, 'stale: run `node scripts/agents/supportTable.mjs --write README.md`').toBe(
      renderSupportTable(support),
    );
  });

  it('says yes only where support.json records a pass', () => {
    // Independent of the renderer: a `yes` cell must be backed by a passed check of that agent.
    const rows = block.split('\n').slice(2).map(tableCells);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const keys = ['allow', 'block', 'startup', 'uninstall'];
    for (const row of rows) {
      const name = /\(`([a-z-]+)`\)/.exec(row[0]!)?.[1];
      expect(name, `agent name in ${row[0]}`).toBeDefined();
      keys.forEach((key, i) => {
        if (row[3 + i] === 'yes') expect(support.agents[name!]?.checks[key]?.state, `${name} ${key}`).toBe('passed');
      });
    }
  });
});
