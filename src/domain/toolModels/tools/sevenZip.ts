/**
 * 7-Zip's command names (p7zip: the full `7z`, the standalone `7za`, the reduced `7zr`). It has
 * no option model, so it is asked; these names are what the tree check (secretsInTree.ts) and the
 * audit's redaction (`-pPASSWORD`, redactSecrets.ts) recognise it by.
 */
export const SEVEN_ZIP_NAMES: ReadonlySet<string> = new Set(['7z', '7za', '7zr']);
