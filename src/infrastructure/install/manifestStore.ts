import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Manifest } from '../../application/install/manifest.js';
import { MANIFEST_VERSION } from '../../application/install/manifest.js';
import { writeFileAtomic } from './atomicWrite.js';

export function readManifest(path: string): Manifest | undefined {
  if (!existsSync(path)) return undefined;
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  if (parsed.version !== MANIFEST_VERSION || !Array.isArray(parsed.files)) {
    throw new Error(`${path}: not a shimctl manifest of version ${MANIFEST_VERSION}`);
  }
  return parsed;
}

export function writeManifest(path: string, manifest: Manifest): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileAtomic(path, `${JSON.stringify(manifest, null, 2)}\n`, 0o600);
}
