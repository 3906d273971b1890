// ship.json's otlp target (issue 14): what is accepted, and each refusal names its field.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readShipConfig } from '../../../../src/infrastructure/audit/ship/shipConfig.js';
import { tempDir } from '../../../support/tempDirs.js';

const read = (target: unknown): unknown => {
  const path = join(tempDir('shimctl-ship-'), 'ship.json');
  writeFileSync(path, JSON.stringify({ targets: [target] }));
  return readShipConfig(path)!.targets[0];
};

const accepted: [unknown, unknown][] = [
  [
    { type: 'otlp', url: 'http://127.0.0.1:4318/v1/logs' },
    { type: 'otlp', url: 'http://127.0.0.1:4318/v1/logs', protocol: 'http/protobuf' },
  ],
  [
    { type: 'otlp', url: 'https://otel.invalid/v1/logs', protocol: 'http/json', headers: { 'x-team': 'a' } },
    { type: 'otlp', url: 'https://otel.invalid/v1/logs', protocol: 'http/json', headers: { 'x-team': 'a' } },
  ],
];
const refused: [unknown, RegExp][] = [
  [{ type: 'otlp' }, /otlp needs an http\(s\) "url"/],
  [{ type: 'otlp', url: 'grpc://127.0.0.1:4317' }, /otlp needs an http\(s\) "url"/],
  [{ type: 'otlp', url: 'http://127.0.0.1:4317', protocol: 'grpc' }, /"protocol" must be http\/protobuf or http\/json/],
  [{ type: 'otlp', url: 'http://127.0.0.1:4318/v1/logs', headers: { n: 1 } }, /"headers" must map names to strings/],
  [{ type: 'elastic', url: 'http://127.0.0.1:9200' }, /"type" must be syslog, loki, otlp or file/],
];

describe('ship.json otlp targets', () => {
  it.each(accepted)('accepts %j', (target, want) => expect(read(target)).toEqual(want));
  it.each(refused)('refuses %j', (target, why) => expect(() => read(target)).toThrow(why));
});
