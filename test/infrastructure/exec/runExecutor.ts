// Test harness: runs one ExecSpec (JSON in argv[2]) through the real executor, as the shim
// would, and prints the ExecResult as JSON on fd 3 (or stderr's last line when fd 3 is closed).
import { writeSync } from 'node:fs';
import { createExecutor } from '../../../src/infrastructure/exec/createExecutor.js';

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2]!);
  const result = await createExecutor().run(spec);
  const line = `${JSON.stringify(result)}\n`;
  try {
    writeSync(3, line);
  } catch {
    process.stderr.write(`RESULT ${line}`);
  }
  process.exitCode = result.exitCode;
}

void main();
