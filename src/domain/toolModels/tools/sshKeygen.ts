import type { EnvironmentModel, ToolModel } from '../modelTypes.js';
import { opt, plain } from '../spell.js';

/**
 * OpenSSH ssh-keygen (9.x, getopt: short options only). `-f FILE` is the key file: written when
 * generating or changing a key (`-p`, `-c`, `-R`, `-H`, `-k`), read when an action only inspects
 * (`-l`, `-y`, `-e`, `-i`, `-B`, `-F`, `-L`, `-Q`, `-r`, `-D`), so `ssh-keygen -lf KEY.pub` reads
 * a public half (allowed) and `-yf id_rsa` reads a private key (refused by the path policy).
 * Generation also writes `FILE.pub` beside FILE (same directory, same protections).
 */
const inspects = { sets: 'inspect' as const };
export const sshKeygenModel: ToolModel = {
  commands: ['ssh-keygen'],
  options: [
    opt('-f FILE', 'ssh-keygen -t ed25519 -N x -f ./deploy_key', 'write', {
      effectWhen: { inspect: 'read' },
      why: 'the key file',
    }),
    opt('-l', 'ssh-keygen -l -f key.pub', 'none', inspects),
    opt('-y', 'ssh-keygen -y -f key', 'none', inspects),
    opt('-e', 'ssh-keygen -e -f key.pub', 'none', inspects),
    opt('-i', 'ssh-keygen -i -f key.pem', 'none', inspects),
    opt('-B', 'ssh-keygen -B -f key.pub', 'none', inspects),
    opt('-F HOST', 'ssh-keygen -F example.invalid -f known_hosts', 'none', inspects),
    opt('-L', 'ssh-keygen -L -f key-cert.pub', 'none', inspects),
    opt('-Q', 'ssh-keygen -Q -f krl key.pub', 'none', inspects),
    opt('-r HOST', 'ssh-keygen -r example.invalid -f key.pub', 'none', inspects),
    opt('-D PKCS11', 'ssh-keygen -D ./lib.so', 'loads', {
      ...inspects,
      why: 'a PKCS#11 library, loaded into ssh-keygen',
    }),
    opt('-w PROVIDER', 'ssh-keygen -t ecdsa-sk -w ./lib.so -f k', 'loads', { why: 'a FIDO middleware library' }),
    opt('-s CA_KEY', 'ssh-keygen -s ca -I id -f k key.pub', 'read', { why: "the CA's private key" }),
    opt('-A', 'ssh-keygen -A', 'system', { why: 'creates the host keys in /etc/ssh' }),
    opt('-K', 'ssh-keygen -K', 'write', { onOperands: true, why: 'saves resident keys into the cwd' }),
    opt('-O OPTION', 'ssh-keygen -t ed25519-sk -O write-attestation=att.bin -f k', 'none', {
      pathAfter: { 'write-attestation=': 'write', 'checkpoint=': 'write', 'challenge=': 'read', 'device=': 'read' },
    }),
    ...plain(
      'ssh-keygen',
      '-f key',
      '-a ROUNDS',
      '-b BITS',
      '-C COMMENT',
      '-c',
      '-E HASH',
      '-g',
      '-H',
      '-h',
      '-I ID',
      '-k',
      '-M ACTION',
      '-m FORMAT',
      '-N PHRASE',
      '-n PRINCIPALS',
      '-P PHRASE',
      '-p',
      '-q',
      '-R HOST',
      '-t TYPE',
      '-U',
      '-u',
      '-V INTERVAL',
      '-v',
      '-Y OP',
      '-Z CIPHER',
      '-z SERIAL',
    ),
  ],
  // Key files to revoke or query (-k, -Q), files to sign (-Y sign writes FILE.sig), moduli output (-M).
  operands: { rest: 'write' },
  operandsWhen: { inspect: { rest: 'read' } },
};

/**
 * OpenSSH's variables (ssh, ssh-add, ssh-keygen 9.x: read from the binaries' getenv calls):
 * SSH_SK_PROVIDER is `-w`'s library, loaded into the process (attack pass 10, P10-02);
 * SSH_SK_HELPER the FIDO helper program run; SSH_ASKPASS the passphrase program, which
 * SSH_ASKPASS_REQUIRE=force runs even with a terminal. SSH_AUTH_SOCK only picks an agent socket
 * (the keys stay in that agent): not listed.
 */
export const OPENSSH_ENVIRONMENT: EnvironmentModel = {
  SSH_SK_PROVIDER: { effect: 'loads', why: 'a FIDO middleware library loaded into ssh, ssh-add, ssh-keygen' },
  SSH_SK_HELPER: { effect: 'exec', why: 'the FIDO helper program ssh runs' },
  SSH_ASKPASS: { effect: 'exec', why: 'the program ssh runs to ask for a passphrase' },
  SSH_ASKPASS_REQUIRE: { effect: 'exec', why: 'makes ssh run SSH_ASKPASS even with a terminal', dataIf: /^(never)?$/ },
};
