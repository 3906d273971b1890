// The dashboard in a real browser: Debian's chromium driven by playwright-core. The feed shows a
// command an agent just ran; an approval answered from the page (with the keyboard) lets the
// waiting command run; a denial returns 126; an escape-sequence command is shown harmlessly; a
// log of 100k records pages with a bounded DOM; the cookie alone is not enough for the API.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, ROOT, SYSTEM_PATH, hermeticEnv } from '../install/cliHarness.js';
import { approvalHome } from '../approvals/approvalHarness.js';
import type { ApprovalHome } from '../approvals/approvalHarness.js';
import { startServer } from './httpServer.js';
import type { RunningServer } from './httpServer.js';

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

describe.skipIf(!CHROMIUM)(`dashboard in chromium (${CHROMIUM ?? 'not installed: apt-get install chromium'})`, () => {
  let h: ApprovalHome;
  let s: RunningServer;
  let browser: Browser;
  let page: Page;
  const login = (): string => {
    const r = spawnSync(process.execPath, [CLI, 'ui', '--print'], {
      env: hermeticEnv(h.home, SYSTEM_PATH),
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    return r.stdout.trim();
  };

  beforeAll(async () => {
    h = approvalHome();
    s = await startServer(h.home);
    browser = await chromium.launch({ executablePath: CHROMIUM!, args: ['--no-sandbox'], headless: true });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const link = login();
    expect(link).toMatch(new RegExp(`^${s.url}/ui/login\\?code=[0-9a-f]{64}$`));
    await page.goto(link);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.waitForSelector('#status:text("live")', { timeout: 30_000 });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await s?.stop();
  });

  it('a login link works once', async () => {
    const link = login();
    const other = await browser.newPage();
    expect((await other.goto(link))!.status()).toBe(200);
    const again = await other.goto(link);
    expect(again!.status()).toBe(401);
    await other.close();
  });

  it('the session cookie alone does not open the API (a request without the CSRF header is 401)', async () => {
    const status = await page.evaluate(async () => (await fetch('/v1/audit', { credentials: 'same-origin' })).status);
    expect(status).toBe(401);
    const withHeader = await page.evaluate(
      async () =>
        (
          await fetch('/v1/audit', {
            headers: {
              'x-shimctl-csrf': document.querySelector<HTMLMetaElement>('meta[name="shimctl-csrf"]')!.content,
            },
          })
        ).status,
    );
    expect(withHeader).toBe(200);
  });

  it('the feed shows a command an agent just ran', async () => {
    const w = h.shim('echo feed-check-4711', { agent: 'claude' });
    expect((await w.done).status).toBe(0);
    await page.waitForSelector('#feed-rows td.cmd:text("echo feed-check-4711")', { timeout: 30_000 });
    const agent = await page
      .locator('#feed-rows tr', { hasText: 'feed-check-4711' })
      .first()
      .locator('td')
      .nth(1)
      .textContent();
    expect(agent).toBe('claude');
  });

  it('an approval given from the page with the keyboard lets the waiting command run', async () => {
    const w = h.shim('mytool from-the-browser');
    await page.waitForSelector('#approvals li:has-text("mytool from-the-browser")', { timeout: 30_000 });
    const button = page
      .locator('#approvals li', { hasText: 'mytool from-the-browser' })
      .getByRole('button', { name: 'Approve once' });
    await button.focus();
    await page.keyboard.press('Enter');
    const done = await w.done;
    expect(done.status).toBe(0);
    expect(done.stdout).toContain('mytool ran: from-the-browser');
  });

  it('a denial from the page makes the command exit 126 without running', async () => {
    const w = h.shim('mytool deny-me');
    await page.waitForSelector('#approvals li:has-text("mytool deny-me")', { timeout: 30_000 });
    await page.locator('#approvals li', { hasText: 'mytool deny-me' }).getByRole('button', { name: 'Deny' }).click();
    const done = await w.done;
    expect(done.status).toBe(126);
    expect(h.ran()).not.toContain('deny-me');
  });

  it('shows an escape-sequence, bidi and zero-width command harmlessly, as text', async () => {
    const w = h.shim("mytool 'x\u001b[2J\u202ey\u200bz'");
    // This request's own item: the previous test's `mytool deny-me` may still be listed until the
    // page's next refresh (a fresh-clone CI run matched it after 111 ms and failed).
    const item = page.locator('#approvals li', { hasText: /mytool .*2J/ }).last();
    await item.waitFor({ timeout: 30_000 });
    const text = (await item.locator('.cmd').textContent())!;
    expect(text).toContain('\\e[2J');
    expect(text).not.toContain('\u001b');
    expect(text).not.toContain('\u202e');
    expect(text).not.toContain('\u200b');
    expect(await item.locator('.hidden-chars').count()).toBe(1);
    // Nothing from the command became markup.
    expect(await page.locator('#approvals li .cmd *').count()).toBe(0);
    await item.getByRole('button', { name: 'Deny' }).click();
    expect((await w.done).status).toBe(126);
  });

  it('holds a feed of 100k records: pages back with a bounded number of rows in the DOM', async () => {
    const log = join(h.stateDir, 'audit', 'audit.jsonl');
    const t0 = Date.now() - 3_600_000;
    const lines: string[] = [];
    for (let i = 1; i <= 100_000; i++)
      lines.push(
        JSON.stringify({
          v: 2,
          seq: i,
          ts: new Date(t0 + i * 30).toISOString(),
          id: `b${i}`,
          agent: i % 3 ? 'codex' : 'gemini',
          decision: i % 7 ? 'allow' : 'block',
          risk: 'low',
          reasons: [{ code: 'command.allowed', message: 'm' }],
          rule_ids: [],
          cwd: '/w',
          command: `echo bulk-${i}`,
        }),
      );
    mkdirSync(join(h.stateDir, 'audit'), { recursive: true });
    writeFileSync(log, `${lines.join('\n')}\n`, { mode: 0o600 });
    // A reload starts the live stream at the new log's end: the page's old stream would read the
    // replaced file from its start and push 100k rows in while the test pages back (a CI run
    // counted one page short).
    await page.reload();
    await page.waitForSelector('#feed-rows td.cmd:text("echo bulk-100000")', { timeout: 30_000 });
    for (let i = 0; i < 6; i++) {
      const before = Date.now();
      await page.getByRole('button', { name: 'Older' }).click();
      // Each page is awaited by its own oldest row: once the table holds 300 rows its length no
      // longer tells a loaded page from one in flight (a CI run counted one page short).
      await page.waitForFunction(
        (oldest) =>
          document.querySelector('#feed-info')!.textContent!.length > 0 &&
          [...document.querySelectorAll('#feed-rows td.cmd')].at(-1)?.textContent === oldest,
        `echo bulk-${100_000 - (i + 2) * 100 + 1}`,
        { timeout: 20_000 },
      );
      expect(Date.now() - before).toBeLessThan(20_000);
      expect(await page.locator('#feed-rows tr').count()).toBeLessThanOrEqual(300);
    }
    // Still responsive: the page answers a script at once.
    expect(await page.evaluate(() => 1 + 1)).toBe(2);
    // Seven pages of 100 read; the oldest row shown is bulk-99300.
    expect(await page.locator('#feed-rows tr').last().locator('td.cmd').textContent()).toBe('echo bulk-99301');
  }, 120_000);

  it('draws the chart per agent and lists the rules; the screenshot goes to docs/', async () => {
    await page.reload();
    await page.waitForSelector('#chart svg', { timeout: 30_000 });
    expect(await page.locator('#chart svg').count()).toBeGreaterThanOrEqual(2);
    await page.waitForSelector('#rules details summary', { timeout: 30_000 });
    expect(await page.locator('#rules summary').textContent()).toMatch(/^[0-9]+ built-in rules$/);
    const shot = await page.screenshot({ fullPage: false });
    writeFileSync(join(ROOT, 'docs', 'dashboard.png'), shot);
  });
});
