/// <reference lib="dom" />
// The dashboard's script, bundled for the browser by scripts/build.mjs into dist/ui/dashboard.js.
// Text from records and requests is only ever put into the page with textContent, never as HTML,
// and commands are shown with every control, bidi and zero-width character made visible by the
// same domain code the terminal views use.
import { hasHiddenCharacters, showControls } from '../../../domain/approvals/showControls.js';
import { makeVisible } from '../../../domain/audit/makeVisible.js';

/** At most this many rows in the feed's DOM; older ones are a page away. */
const MAX_ROWS = 300;
const PAGE = 100;

interface Reason {
  code: string;
  message: string;
}
interface AuditRecord {
  seq?: number;
  id: string;
  phase?: string;
  ts: string;
  agent?: string;
  decision: string;
  risk: string;
  command?: string;
  argv?: string[];
  reviewed?: string;
  reasons?: Reason[];
}
interface Pending {
  id: string;
  agent: string | null;
  cwd: string;
  command: string;
  reviewed?: string | null;
  reasons: Reason[];
  risk: string;
  createdAt: string;
}

const csrf = document.querySelector<HTMLMetaElement>('meta[name="shimctl-csrf"]')!.content;
const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

function api(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(path, {
    ...init,
    credentials: 'same-origin',
    headers: {
      'x-shimctl-csrf': csrf,
      'content-type': 'application/json',
      ...(init.headers as Record<string, string> | undefined),
    },
  });
}

function el(tag: string, text?: string, cls?: string): HTMLElement {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

function status(text: string): void {
  $('status').textContent = text;
}

// ---- the feed ----

let before: number | null = null;
let streamAbort: AbortController | undefined;

function filters(): URLSearchParams {
  const q = new URLSearchParams();
  const agent = $<HTMLInputElement>('f-agent').value.trim();
  const decision = $<HTMLSelectElement>('f-decision').value;
  const text = $<HTMLInputElement>('f-text').value.trim();
  if (agent) q.set('agent', agent);
  if (decision) q.set('decision', decision);
  if (text) q.set('text', text);
  return q;
}

function row(r: AuditRecord): HTMLTableRowElement {
  const tr = document.createElement('tr');
  const command = r.reviewed ?? r.command ?? (r.argv ?? []).join(' ');
  tr.append(
    el('td', new Date(r.ts).toLocaleTimeString()),
    el('td', makeVisible(r.agent ?? '')),
    el('td', r.decision, r.decision),
    el('td', r.risk),
    el('td', makeVisible(command), 'cmd'),
    el('td', makeVisible((r.reasons ?? []).map((x) => x.code).join(', '))),
  );
  if (r.seq !== undefined) tr.dataset.seq = String(r.seq);
  tr.dataset.id = r.id;
  return tr;
}

function trim(body: HTMLElement, fromTop: boolean): void {
  while (body.children.length > MAX_ROWS) (fromTop ? body.firstElementChild : body.lastElementChild)!.remove();
}

async function loadPage(cursor: number | null): Promise<void> {
  const q = filters();
  q.set('limit', String(PAGE));
  if (cursor !== null) q.set('before', String(cursor));
  const r = await api(`/v1/audit?${q}`);
  if (!r.ok) {
    status(`audit: HTTP ${r.status}`);
    return;
  }
  const page = (await r.json()) as { records: AuditRecord[]; next: number | null };
  const body = $('feed-rows');
  if (cursor === null) body.replaceChildren();
  for (const rec of page.records) body.append(row(rec));
  // Paging back keeps the newest rows off the page once the DOM holds its maximum.
  trim(body, true);
  before = page.next;
  $<HTMLButtonElement>('older').disabled = before === null;
  $('feed-info').textContent = `${body.children.length} rows shown`;
}

async function follow(): Promise<void> {
  streamAbort?.abort();
  const ctl = new AbortController();
  streamAbort = ctl;
  try {
    const r = await api(`/v1/audit/stream?${filters()}`, { signal: ctl.signal });
    if (!r.ok || !r.body) {
      status(`stream: HTTP ${r.status}`);
      return;
    }
    status('live');
    const reader = r.body.pipeThrough(new TextDecoderStream()).getReader();
    let buf = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += value;
      let end = buf.indexOf('\n\n');
      while (end !== -1) {
        const event = buf.slice(0, end);
        buf = buf.slice(end + 2);
        const data = event.split('\n').find((l) => l.startsWith('data: '));
        if (data) {
          const body = $('feed-rows');
          const rec = JSON.parse(data.slice(6)) as AuditRecord;
          // A command's end record replaces the row its start record made.
          const old = [...body.children].find((tr) => (tr as HTMLElement).dataset.id === rec.id);
          if (old) old.replaceWith(row(rec));
          else body.prepend(row(rec));
          trim(body, false);
          $('feed-info').textContent = `${body.children.length} rows shown`;
        }
        end = buf.indexOf('\n\n');
      }
    }
  } catch (err) {
    if (!ctl.signal.aborted) status(`stream lost: ${String(err)}; reload to reconnect`);
  }
}

// ---- approvals ----

async function answer(id: string, body: object, li: HTMLElement): Promise<void> {
  for (const b of li.querySelectorAll('button')) b.disabled = true;
  const r = await api(`/v1/approvals/${encodeURIComponent(id)}`, { method: 'POST', body: JSON.stringify(body) });
  const out = (await r.json()) as { error?: { message: string } };
  li.append(el('p', r.ok ? 'answered' : `not answered: ${out.error?.message ?? r.status}`));
  void refreshApprovals();
}

let shownApprovals = '';
async function refreshApprovals(): Promise<void> {
  const r = await api('/v1/approvals');
  if (!r.ok) return;
  const { pending } = (await r.json()) as { pending: Pending[] };
  const key = pending.map((p) => p.id).join(',');
  $('approvals-count').textContent = String(pending.length);
  if (key === shownApprovals) return;
  shownApprovals = key;
  const list = $('approvals');
  list.replaceChildren();
  for (const p of pending) {
    const li = el('li');
    const command = p.reviewed ?? p.command;
    li.append(el('div', `${makeVisible(p.agent ?? 'unknown agent')} in ${makeVisible(p.cwd)} · risk ${p.risk}`));
    // The exact command, every hidden character shown (an approval is never blind).
    li.append(el('div', showControls(command), 'cmd'));
    if (hasHiddenCharacters(command))
      li.append(el('div', 'contains control, bidi or zero-width characters (shown escaped above)', 'hidden-chars'));
    li.append(el('div', makeVisible(p.reasons.map((x) => `${x.code}: ${x.message}`).join('; '))));
    const approve = el('button', 'Approve once') as HTMLButtonElement;
    approve.onclick = () => void answer(p.id, { action: 'approve' }, li);
    const always = el('button', 'Approve always (this exact command)') as HTMLButtonElement;
    always.onclick = () => void answer(p.id, { action: 'approve_always', scope: 'command' }, li);
    const deny = el('button', 'Deny') as HTMLButtonElement;
    deny.onclick = () => void answer(p.id, { action: 'deny', reason: 'denied from the dashboard' }, li);
    for (const b of [approve, always, deny]) b.type = 'button';
    li.append(approve, ' ', always, ' ', deny);
    list.append(li);
  }
}

// ---- chart and rules ----

async function chart(): Promise<void> {
  const r = await api('/v1/timeline?since=24h&buckets=24');
  if (!r.ok) return;
  const t = (await r.json()) as { buckets: number; agents: Record<string, Record<string, number[]>> };
  const box = $('chart');
  box.replaceChildren();
  const ns = 'http://www.w3.org/2000/svg';
  for (const [agent, series] of Object.entries(t.agents)) {
    const totals = Array.from(
      { length: t.buckets },
      (_, i) => (series.allow?.[i] ?? 0) + (series.ask?.[i] ?? 0) + (series.block?.[i] ?? 0),
    );
    const max = Math.max(1, ...totals);
    const svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('width', String(t.buckets * 12 + 120));
    svg.setAttribute('height', '60');
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', `${agent}: ${totals.reduce((a, b) => a + b, 0)} decisions in 24 hours`);
    const label = document.createElementNS(ns, 'text');
    label.setAttribute('x', '0');
    label.setAttribute('y', '30');
    label.textContent = makeVisible(agent);
    svg.append(label);
    const colours: Record<string, string> = { allow: '#3a9a52', ask: '#d69e2e', block: '#c53030' };
    for (let i = 0; i < t.buckets; i++) {
      let y = 55;
      for (const d of ['allow', 'ask', 'block']) {
        const n = series[d]?.[i] ?? 0;
        if (!n) continue;
        const h = (n / max) * 50;
        const rect = document.createElementNS(ns, 'rect');
        rect.setAttribute('x', String(120 + i * 12));
        rect.setAttribute('y', String(y - h));
        rect.setAttribute('width', '10');
        rect.setAttribute('height', String(h));
        rect.setAttribute('fill', colours[d]!);
        y -= h;
        svg.append(rect);
      }
    }
    box.append(svg);
  }
  if (!box.children.length) box.textContent = 'no decisions in the last 24 hours';
}

async function rules(): Promise<void> {
  const r = await api('/v1/rules');
  const box = $('rules');
  if (!r.ok) {
    box.textContent = `rules: HTTP ${r.status}`;
    return;
  }
  const body = (await r.json()) as {
    engine: string;
    config: Array<Record<string, unknown>>;
    builtin: Array<{ id: string; decision: string; risk: string; commands: string[] }>;
  };
  box.replaceChildren(el('p', `engine: ${body.engine}; your config's rules are checked first`));
  const cfg = el('ul');
  for (const c of body.config) cfg.append(el('li', makeVisible(JSON.stringify(c)), 'cmd'));
  if (!body.config.length) cfg.append(el('li', 'no rules in your config'));
  const builtin = el('details');
  builtin.append(el('summary', `${body.builtin.length} built-in rules`));
  const ul = el('ul');
  for (const b of body.builtin)
    ul.append(
      el(
        'li',
        `${b.id} → ${b.decision}/${b.risk} (${b.commands.slice(0, 8).join(' ')}${b.commands.length > 8 ? ' …' : ''})`,
      ),
    );
  builtin.append(ul);
  box.append(cfg, builtin);
}

$('filters').addEventListener('submit', (e) => {
  e.preventDefault();
  void loadPage(null).then(follow);
});
// One older page at a time: a second click while one loads would ask for the same page again.
let loadingOlder = false;
$('older').addEventListener('click', () => {
  if (before === null || loadingOlder) return;
  loadingOlder = true;
  void loadPage(before).finally(() => {
    loadingOlder = false;
  });
});
$('newest').addEventListener('click', () => void loadPage(null));
void loadPage(null).then(follow);
void refreshApprovals();
setInterval(() => void refreshApprovals(), 1000);
void chart();
void rules();
