// The facts the composition root hands every review (shim, hook, resident process): the
// `shimctlHttpPort` getter must stay lazy through the grammar wrapper. A spread there read the
// server file (open, fstat, read, close, a kill(0)) on every review, URL or not.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/compositionRoot.js';
import { serverFiles } from '../../../src/infrastructure/http/serverFiles.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'shimctl-appfacts-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('createApp host facts', () => {
  it('read the HTTP server file when the port is asked for, not when the facts are made', () => {
    const env = { HOME: join(root, 'home'), PATH: '/usr/bin:/bin' };
    const app = createApp(env);
    const facts = app.hostFacts.facts(env);
    expect(facts.grammar).toBeDefined();
    // The server starts after the facts were made and before a URL is judged: its port is seen.
    const files = serverFiles(app.paths.stateDir);
    mkdirSync(files.dir, { recursive: true, mode: 0o700 });
    writeFileSync(files.info, JSON.stringify({ port: 4321, pid: process.pid }), { mode: 0o600 });
    expect(facts.shimctlHttpPort).toBe(4321);
  });
});
