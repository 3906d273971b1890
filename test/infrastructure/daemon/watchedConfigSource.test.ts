// The resident process's config source reuses a loaded config while the files it came from are
// unchanged. The managed file is one of them: an admin's new rule or ship target, or credentials
// that make it read-protected (paths:audit-sink-credentials), must apply from the next command.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createWatchedConfigSource } from '../../../src/infrastructure/daemon/watchedConfigSource.js';
import { statePaths } from '../../../src/infrastructure/paths/statePaths.js';

const root = mkdtempSync(join(tmpdir(), 'shimctl-watched-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the watched config source', () => {
  const home = join(root, 'home');
  const proj = join(root, 'proj');
  const managed = join(root, 'managed.json');
  mkdirSync(join(home, '.config', 'shimctl'), { recursive: true });
  mkdirSync(join(proj, '.git'), { recursive: true });
  const source = createWatchedConfigSource(statePaths({ HOME: home, SHIMCTL_MANAGED_CONFIG: managed }));
  const credentials = { targets: [{ type: 'otlp', url: 'http://127.0.0.1:9/v1/logs', headers: { a: 'b' } }] };
  const sinkFiles = () => {
    const o = source.load(proj);
    if (o.kind !== 'ok') throw new Error(`config did not load: ${o.message}`);
    return o.config.sinkCredentialFiles ?? [];
  };

  it('sees the user file gain and lose credentials', () => {
    expect(sinkFiles()).toEqual([]);
    writeFileSync(join(home, '.config', 'shimctl', 'config.json'), JSON.stringify({ audit: { ship: credentials } }));
    expect(sinkFiles()).toEqual([join(home, '.config', 'shimctl', 'config.json')]);
    writeFileSync(join(home, '.config', 'shimctl', 'config.json'), '{}');
    expect(sinkFiles()).toEqual([]);
  });

  it('sees a managed file appear, gain credentials and go', () => {
    expect(sinkFiles()).toEqual([]);
    writeFileSync(managed, JSON.stringify({ audit: { ship: credentials } }));
    expect(sinkFiles()).toEqual([managed]);
    rmSync(managed);
    expect(sinkFiles()).toEqual([]);
  });
});
