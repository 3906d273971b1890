// Attack pass 12: `cat ~/.config/shimctl/config.json` printed the audit sinks' credentials (an
// OTLP bearer header, a URL password). A trusted config whose audit.ship holds one is now a
// protected secret for every read primitive; one without stays readable (the design the
// self-protection tests pin). Real adapters and the real review core, in a temp HOME.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decideUseCase } from '../../../src/application/decide/decideUseCase.js';
import { createApp } from '../../../src/compositionRoot.js';
import type { Verdict } from '../../../src/domain/verdict.js';

interface Table {
  withCredentials: Record<string, object>;
  withoutCredentials: Record<string, object | null>;
  reads: Array<string | { cmd: string; without: string }>;
}
const table = JSON.parse(readFileSync(new URL('./sinkCredentials.cases.json', import.meta.url), 'utf8')) as Table;

const RULE = 'paths:audit-sink-credentials';
const reads = table.reads.map((r) => (typeof r === 'string' ? { cmd: r, without: 'allow' } : r));
/** The reason that names this file as holding the sinks' credentials. */
const namesFile = (v: Verdict, file: string) =>
  v.reasons.find(
    (r) =>
      r.code === 'path.protected' &&
      r.message.includes(
        `is protected: it holds the audit sinks' credentials, a token or password in audit.ship (${file}*).`,
      ),
  );
const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

interface Home {
  home: string;
  proj: string;
  dir: string;
  config: string;
  decide(command: string): Promise<Verdict>;
}

/** A temp HOME whose config.json holds `ship` (none when null), a project with a README, and the real app. */
function homeWith(ship: object | null, extra: { managed?: object; env?: Record<string, string> } = {}): Home {
  const root = mkdtempSync(join(tmpdir(), 'shimctl-sinkcred-'));
  roots.push(root);
  const home = join(root, 'home');
  const proj = join(root, 'proj');
  const dir = join(home, '.config', 'shimctl');
  mkdirSync(join(proj, '.git'), { recursive: true });
  writeFileSync(join(proj, 'README.md'), 'readme\n');
  mkdirSync(dir, { recursive: true });
  const config = join(dir, 'config.json');
  writeFileSync(config, JSON.stringify(ship ? { audit: { ship } } : {}));
  const env: Record<string, string | undefined> = {
    HOME: home,
    PATH: process.env.PATH,
    SHIMCTL_MANAGED_CONFIG: join(root, 'managed.json'),
    ...extra.env,
  };
  if (extra.managed) writeFileSync(join(root, 'managed.json'), JSON.stringify(extra.managed));
  const app = createApp(env);
  return {
    home,
    proj,
    dir,
    config,
    decide: async (command) => (await decideUseCase({ command, cwd: proj }, app)).verdict,
  };
}

const fill = (template: string, h: Home): string =>
  template.replaceAll('{config}', h.config).replaceAll('{dir}', h.dir).replaceAll('{home}', h.home);
const show = (v: Verdict): string =>
  `${v.decision} ${v.reasons.map((r) => `${r.code}: ${r.message}`).join(' | ')} [${v.rule_ids.join(',')}]`;

describe('a config whose audit.ship holds credentials is read-protected', () => {
  for (const [name, ship] of Object.entries(table.withCredentials)) {
    describe(name, () => {
      const h = homeWith(ship);
      it.each(reads)('$cmd is blocked', async ({ cmd }) => {
        const v = await h.decide(fill(cmd, h));
        expect(v.decision, show(v)).toBe('block');
        expect(v.rule_ids, show(v)).toContain(RULE);
        expect(namesFile(v, h.config), show(v)).toBeDefined();
      });
    });
  }
});

describe('a config without credentials stays readable', () => {
  for (const [name, ship] of Object.entries(table.withoutCredentials)) {
    describe(name, () => {
      const h = homeWith(ship);
      it.each(reads)('$cmd: $without', async ({ cmd, without }) => {
        const v = await h.decide(fill(cmd, h));
        expect(v.decision, show(v)).toBe(without);
        expect(namesFile(v, h.config), show(v)).toBeUndefined();
      });
    });
  }
});

describe('the other places a sink credential sits', () => {
  const creds = table.withCredentials['otlp Authorization header']!;

  it('the managed file with credentials is read-protected; the user config without stays readable', async () => {
    const h = homeWith(null, { managed: { audit: { ship: creds } } });
    const managed = join(h.home, '..', 'managed.json');
    const v = await h.decide(`cat ${managed}`);
    expect(v.decision, show(v)).toBe('block');
    expect(v.rule_ids).toContain(RULE);
    expect((await h.decide(`cat ${h.config}`)).decision).toBe('allow');
  });

  it("the user's file stays protected when the managed file's audit.ship replaces it", async () => {
    const h = homeWith(creds, { managed: { audit: { ship: { targets: [] } } } });
    const v = await h.decide(`cat ${h.config}`);
    expect(v.decision, show(v)).toBe('block');
    expect(v.rule_ids).toContain(RULE);
  });

  it('a config.json that is a symlink is protected under its real name too', async () => {
    const h = homeWith(null);
    const real = join(h.home, 'dotfiles', 'shimctl.json');
    mkdirSync(join(h.home, 'dotfiles'));
    writeFileSync(real, JSON.stringify({ audit: { ship: creds } }));
    rmSync(h.config);
    symlinkSync(real, h.config);
    // A fresh app: the first one cached the config without credentials for this cwd.
    const app = createApp({ HOME: h.home, PATH: process.env.PATH, SHIMCTL_MANAGED_CONFIG: '/nonexistent.invalid' });
    for (const command of [`cat ${real}`, `cat ${h.config}`, `grep -r Bearer ${join(h.home, 'dotfiles')}`]) {
      const v = (await decideUseCase({ command, cwd: h.proj }, app)).verdict;
      expect(v.decision, `${command}: ${show(v)}`).toBe('block');
      expect(v.rule_ids).toContain(RULE);
    }
  });

  it('an XDG_CONFIG_HOME config with credentials is protected where it is', async () => {
    const h = homeWith(null, { env: {} });
    const xdg = join(h.home, 'xdg');
    mkdirSync(join(xdg, 'shimctl'), { recursive: true });
    writeFileSync(
      join(xdg, 'shimctl', 'config.yaml'),
      `audit:\n  ship:\n    targets:\n      - type: loki\n        url: https://u:p@loki.invalid/\n`,
    );
    const app = createApp({ HOME: h.home, PATH: process.env.PATH, XDG_CONFIG_HOME: xdg });
    const v = (await decideUseCase({ command: `cat ${join(xdg, 'shimctl', 'config.yaml')}`, cwd: h.proj }, app))
      .verdict;
    expect(v.decision, show(v)).toBe('block');
    expect(v.rule_ids).toContain(RULE);
  });

  it.each(['config.json.bak', 'config.json~'])(
    'a copy beside a config with credentials, %s, is protected too',
    async (name) => {
      const h = homeWith(table.withCredentials['otlp Authorization header']!);
      writeFileSync(join(h.dir, name), readFileSync(h.config));
      const v = await h.decide(`cat ${join(h.dir, name)}`);
      expect(v.decision, show(v)).toBe('block');
      expect(namesFile(v, h.config), show(v)).toBeDefined();
    },
  );

  it.each(['ship.json', 'ship.json.migrated', 'ship.json.bak'])(
    'the legacy %s is read-protected whatever it holds',
    async (name) => {
      const h = homeWith(null);
      writeFileSync(join(h.dir, name), JSON.stringify({ targets: [{ type: 'syslog', host: '127.0.0.1', port: 514 }] }));
      for (const command of [`cat ${join(h.dir, name)}`, `cp ${join(h.dir, name)} ./s.json`]) {
        const v = await h.decide(command);
        expect(v.decision, `${command}: ${show(v)}`).toBe('block');
        expect(v.rule_ids).toContain(RULE);
      }
    },
  );

  it('an invalid config blocks every command, reads of it included (fail closed)', async () => {
    const h = homeWith(null);
    writeFileSync(
      h.config,
      '{"audit": {"ship": {"targets": [{"type": "otlp", "headers": {"Authorization": "Bearer x"}}]}}}',
    );
    for (const command of [`cat ${h.config}`, 'ls']) {
      const v = await h.decide(command);
      expect(v.decision, show(v)).toBe('block');
      expect(v.reasons[0]!.code).toBe('config.invalid');
    }
  });
});
