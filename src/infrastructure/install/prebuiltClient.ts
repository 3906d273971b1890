import { join } from 'node:path';

/** The Node `process.arch` names the package ships a prebuilt client for (scripts/prebuilds.mjs). */
export const PREBUILT_TARGETS: Record<string, string> = { x64: 'x86_64-linux-gnu', arm64: 'aarch64-linux-gnu' };

/** The prebuilt fast-path client for this machine in the package, whether or not it exists. */
export function prebuiltClientPath(
  packageRoot: string,
  platform: string = process.platform,
  arch: string = process.arch,
): string | undefined {
  if (platform !== 'linux' || !(arch in PREBUILT_TARGETS)) return undefined;
  return join(packageRoot, 'prebuilds', `linux-${arch}`, 'shimctl-client');
}
