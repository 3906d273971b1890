import type { BuiltinRule } from '../ruleTypes.js';
import { all, any, argMatches, flag, not } from '../ruleTypes.js';

import { positionals } from '../argView.js';

const recursive = flag('rR', '--recursive');
// chmod's `-r`/`-rwx` is a mode (remove read), not recursion; chown and chgrp have no `-r` either.
const recursiveR = flag('R', '--recursive');
/** Every target is lexically inside a temp directory (symlinks out of it are caught by the path checks). */
const onlyTempTargets = (v: { args: readonly string[] }): boolean => {
  const targets = positionals(v.args);
  return targets.length > 0 && targets.every((t) => /^\/(var\/)?tmp\/[^/]/.test(t) && !t.split('/').includes('..'));
};

/** OpenSSL apps whose every option has a model (toolModels/tools/openssl.ts). */
const OPENSSL_APPS = new Set(['x509', 'req', 'genrsa', 'genpkey', 'rsa', 'pkey', 'rand']);

export const fsPack: BuiltinRule[] = [
  // Allowed only where an option model proves what each option reads and writes (issue 12).
  {
    id: 'fs:ssh-keygen',
    commands: ['ssh-keygen'],
    when: flag('f'),
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'inspects or creates the key file named by -f; its option model says which, and the path checks judge it',
    examples: {
      match: ['ssh-keygen -l -f key.pub', 'ssh-keygen -lf key.pub', 'ssh-keygen -t ed25519 -N x -f ./k'],
      noMatch: ['ssh-keygen -t ed25519', 'ssh-keygen -A'],
    },
  },
  {
    id: 'fs:openssl',
    commands: ['openssl'],
    when: (v) => OPENSSL_APPS.has(v.sub[0] ?? ''),
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'inspects or creates certificates and keys; its option model judges every file it reads and writes',
    examples: {
      match: ['openssl x509 -noout -text -in cert.pem', 'openssl genrsa -out new.key 2048'],
      noMatch: ['openssl s_client -connect h:443', 'openssl enc -d -in x'],
    },
  },
  {
    id: 'fs:workspace-write',
    commands: ['mkdir', 'mktemp', 'touch', 'cp', 'mv', 'ln', 'rmdir', 'tee', 'install', 'unlink', 'truncate'],
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'everyday file writes; where they write is judged by the path checks',
    examples: {
      match: ['mkdir -p new_dir', 'touch newfile.txt', 'cp a.txt b.txt', 'mv src/a.ts src/b.ts', 'mktemp -d'],
      noMatch: ['rm -rf build', 'chmod 777 x'],
    },
  },
  {
    id: 'fs:rm-files',
    commands: ['rm'],
    when: not(recursive),
    decision: 'allow',
    risk: 'medium',
    code: 'command.allowed',
    reason: 'deleting named files; protected and root paths are judged by the path checks',
    examples: { match: ['rm -f file.txt', 'rm a.o b.o'], noMatch: ['rm -rf build', 'rm -r -f x', 'rm --recursive x'] },
  },
  {
    id: 'fs:rm-recursive',
    commands: ['rm'],
    when: all(recursive, not(onlyTempTargets)),
    decision: 'ask',
    risk: 'high',
    code: 'command.destructive',
    reason: 'a recursive delete destroys a whole tree that may not be under version control',
    examples: {
      match: ['rm -rf ./build', 'rm -fr /tmp', 'rm -r -f x', 'rm --recursive --force x', 'rm -Rf x'],
      noMatch: ['rm -f file.txt'],
    },
  },
  {
    id: 'fs:rm-recursive-temp',
    commands: ['rm'],
    when: all(recursive, onlyTempTargets),
    decision: 'allow',
    risk: 'medium',
    code: 'command.allowed',
    reason: 'a recursive delete inside /tmp or /var/tmp; a symlink out of them is caught by the path checks',
    examples: {
      match: ['rm -rf /tmp/build', 'rm -r -f /var/tmp/x /tmp/y'],
      noMatch: ['rm -rf /tmp', 'rm -rf /tmp/../home', 'rm -rf /tmp/x build', 'rm -rf ./tmp/x'],
    },
  },
  {
    id: 'fs:shred',
    commands: ['shred', 'wipe', 'srm'],
    decision: 'ask',
    risk: 'high',
    code: 'command.destructive',
    reason: 'overwrites file contents beyond recovery',
    examples: { match: ['shred -u secret.txt', 'srm -z file.txt'], noMatch: ['rm x'] },
  },
  {
    id: 'fs:chmod',
    commands: ['chmod', 'chgrp', 'chown'],
    when: not(any(recursiveR, argMatches(/^[0-7]?[0-7][0-7]7$|^(a|o|ugo)?\+[rwx]*w/))),
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'changes modes of named files; system paths are judged by the path checks',
    examples: {
      match: ['chmod +x script.sh', 'chmod 644 a.txt'],
      noMatch: ['chmod -R 777 /', 'chmod 777 x', 'chmod o+w x'],
    },
  },
  {
    id: 'fs:chmod-broad',
    commands: ['chmod', 'chgrp', 'chown'],
    when: any(recursiveR, argMatches(/^[0-7]?[0-7][0-7]7$|^(a|o|ugo)?\+[rwx]*w/)),
    decision: 'ask',
    risk: 'high',
    code: 'command.system',
    reason: "recursive or world-writable permission changes weaken the machine's security",
    examples: {
      match: ['chmod -R 777 /', 'chmod 777 x', 'chown -R u /srv', 'chmod o+w x'],
      noMatch: ['chmod +x a.sh'],
    },
  },
  {
    id: 'fs:chmod-root',
    commands: ['chmod', 'chgrp', 'chown'],
    when: all(recursiveR, (v) =>
      v.args.some((a) => a === '/' || /^\/(etc|usr|bin|sbin|lib|lib64|boot|var|dev|sys|proc)\/?$/.test(a)),
    ),
    decision: 'block',
    risk: 'critical',
    code: 'command.system',
    reason: 'recursively changing owners or modes of / or a system tree breaks the machine',
    examples: {
      match: ['chmod -R 777 /', 'chown -R nobody /etc', 'chmod --recursive 700 /usr/'],
      noMatch: ['chmod -R 755 build', 'chmod 777 /tmp/x'],
    },
  },
  {
    id: 'fs:sed',
    commands: ['sed', 'gsed'],
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'a stream edit; `sed -i` writes its files (judged by the path checks), `e`/`w` commands are escape hatches',
    examples: { match: ['sed "s/old/new/g" file.txt', 'sed -i "s/a/b/" src/x.ts'], noMatch: ['awk 1 x'] },
  },
  {
    id: 'fs:awk',
    commands: ['awk', 'gawk', 'mawk', 'nawk'],
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'a text filter; programs that call system(), pipes or write files are escape hatches',
    examples: { match: ["awk '{print $1}' file.txt"], noMatch: ['sed 1d x'] },
  },
  {
    id: 'fs:archive',
    // 7z has no option model: it is asked like any tool without one (attack pass 7: `-o` and `a` were never judged).
    commands: ['tar', 'zip', 'unzip', 'zipinfo', 'gzip', 'gunzip', 'bzip2', 'xz', 'unxz', 'zstd'],
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'packs or unpacks files; escape options are judged separately',
    examples: { match: ['tar -czf out.tgz src', 'unzip a.zip', 'zipinfo a.zip'], noMatch: ['rm x'] },
  },
  {
    id: 'fs:dd',
    commands: ['dd'],
    when: (v) =>
      !v.args.some((a) => a.startsWith('of=')) || v.args.some((a) => a.startsWith('of=') && a !== 'of=/dev/null'),
    decision: 'ask',
    risk: 'high',
    code: 'command.system',
    reason: 'dd writes raw bytes and is the classic disk-wiping tool',
    examples: { match: ['dd if=/dev/zero of=/dev/sda', 'dd if=a of=b'], noMatch: ['dd if=/dev/zero of=/dev/null'] },
  },
  {
    id: 'fs:dd-discard',
    commands: ['dd'],
    when: all(
      (v) =>
        v.args.some((a) => a.startsWith('of=')) && v.args.every((a) => !a.startsWith('of=') || a === 'of=/dev/null'),
      not(argMatches(/^if=\/dev\/(sd|nvme|hd|vd|mmcblk|disk)/)),
    ),
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'dd into /dev/null only reads (its input is judged by the path checks)',
    examples: {
      match: ['dd if=/dev/zero of=/dev/null count=1'],
      noMatch: ['dd if=a of=b', 'dd if=/dev/sda of=/dev/null', 'dd if=a of=/dev/null of=b'],
    },
  },
  {
    id: 'fs:dd-device',
    commands: ['dd'],
    when: argMatches(/^of=\/dev\/(?!null$|zero$|stdout$|stderr$)/),
    decision: 'block',
    risk: 'critical',
    code: 'command.system',
    reason: 'dd onto a device overwrites a disk',
    examples: {
      match: ['dd if=/dev/zero of=/dev/sda bs=1M', 'dd of=/dev/nvme0n1 if=x'],
      noMatch: ['dd if=/dev/zero of=/dev/null', 'dd if=a of=b'],
    },
  },
];
