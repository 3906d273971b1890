// status and doctor say when a config is read-protected because its audit.ship holds a sink's
// credentials (paths:audit-sink-credentials), on real files in a temp HOME; and say nothing of
// the kind for a config without them.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shipChecks, shipReport, shipStatusLines } from '../../../../src/infrastructure/audit/ship/shipReport.js';
import { statePaths } from '../../../../src/infrastructure/paths/statePaths.js';
import { makeTempHome } from '../../config/tempHome.js';
import type { TempHome } from '../../config/tempHome.js';

const WITH = { targets: [{ type: 'otlp', url: 'http://127.0.0.1:9/v1/logs', headers: { Authorization: 'Bearer t' } }] };
const WITHOUT = { targets: [{ type: 'syslog', host: '127.0.0.1', port: 9 }] };

let t: TempHome;
beforeEach(() => {
  t = makeTempHome();
});
afterEach(() => t.cleanup());

function report(user: object | null, managed?: object) {
  const env = { HOME: t.home, SHIMCTL_MANAGED_CONFIG: join(t.root, 'managed.json') };
  const paths = statePaths(env);
  const files = { user: join(paths.configDir, 'config.json'), managed: paths.managedConfig! };
  if (user) t.write(files.user, JSON.stringify({ audit: { ship: user } }));
  if (managed) t.write(files.managed, JSON.stringify({ audit: { ship: managed } }));
  const r = shipReport(env, paths.auditLog);
  return { files, r, status: shipStatusLines(r).join('\n'), doctor: shipChecks(r).map((c) => `${c.ok} ${c.title}`) };
}

const said = (file: string) => `${file} is read-protected: it holds the audit sinks' credentials`;

describe("status and doctor name the configs read-protected for the sinks' credentials", () => {
  it('the user config with a bearer header', () => {
    const { files, r, status, doctor } = report(WITH);
    expect(r).toMatchObject({ readProtected: [files.user] });
    expect(status).toContain(said(files.user));
    expect(doctor.some((l) => l.startsWith(`true ${said(files.user)}`))).toBe(true);
  });

  it("the managed file's credentials, and the user's replaced by an empty managed list", () => {
    const managed = report(null, WITH);
    expect(managed.status).toContain(said(managed.files.managed));
    expect(managed.status).not.toContain(said(managed.files.user));
    t.cleanup();
    t = makeTempHome();
    const replaced = report(WITH, { targets: [] });
    expect(replaced.r.configured).toBe(false);
    expect(replaced.status).toContain(said(replaced.files.user));
    expect(replaced.doctor.join('\n')).toContain(said(replaced.files.user));
  });

  it('a config without credentials is not called read-protected', () => {
    const { r, status, doctor } = report(WITHOUT);
    expect(r).not.toHaveProperty('readProtected');
    expect(status).not.toContain('read-protected');
    expect(doctor.join('\n')).not.toContain('read-protected');
  });
});
