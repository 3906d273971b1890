import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { judgeBatch, makeFixture, privateCli } from './harness.js';
const cmds = process.argv.slice(2);
const cli = privateCli(); const fx = makeFixture(cli);
const v = judgeBatch(cli, cmds.map((command) => ({ command, expect: 'allow', why: 'xxxxxxxxxxxx' } as never)), fx);
cmds.forEach((c, i) => console.log(v[i]!.decision.padEnd(6), JSON.stringify(c), (v[i] as any).reasons?.map((r: any) => r.code ?? r).join(',')));
rmSync(fx.root, { recursive: true, force: true }); rmSync(dirname(dirname(cli)), { recursive: true, force: true });
