import type { OptionModel, ToolModel } from '../modelTypes.js';
import { opt, plain } from '../spell.js';

/**
 * OpenSSL 3.0 apps `x509`, `req`, `genrsa`, `genpkey`, `rsa`, `pkey`, `rand` (the ones the
 * policy allows), one option table for all: an option's effect is the same in each (`-in`
 * reads, `-out` writes). The first operand is the app; `genrsa`'s and `rand`'s numbers are data.
 * `-passin file:F` reads F; `pass:`, `env:`, `fd:`, `stdin` name no file. Engines and providers
 * load shared libraries: asked. `-CAcreateserial` creates `CA.srl` beside the `-CA` file.
 */
const pass = { pathAfter: { 'file:': 'read' as const } };
const OPTIONS: OptionModel[] = [
  opt('-in FILE', 'openssl x509 -noout -text -in cert.pem', 'read'),
  opt('-out FILE', 'openssl genrsa -out new.key 2048', 'write'),
  opt('-keyout FILE', 'openssl req -new -nodes -keyout new.key -out new.csr', 'write'),
  opt('-key FILE', 'openssl req -new -key k.pem -out r.csr', 'read'),
  opt('-signkey FILE', 'openssl x509 -req -in r.csr -signkey k.pem', 'read'),
  opt('-CA FILE', 'openssl x509 -req -in r.csr -CA ca.pem', 'read'),
  opt('-CAkey FILE', 'openssl x509 -req -in r.csr -CAkey ca.key', 'read'),
  opt('-CAserial FILE', 'openssl x509 -req -in r.csr -CAserial ca.srl', 'write'),
  opt('-extfile FILE', 'openssl x509 -req -in r.csr -extfile ext.cnf', 'read'),
  opt('-force_pubkey FILE', 'openssl x509 -req -in r.csr -force_pubkey pub.pem', 'read'),
  opt('-paramfile FILE', 'openssl genpkey -paramfile p.pem', 'read'),
  opt('-rand FILES', 'openssl rand -rand seed.bin 16', 'read', { split: ':' }),
  opt('-writerand FILE', 'openssl rand -writerand seed.bin 16', 'write'),
  opt('-config FILE', 'openssl req -new -config my.cnf', 'loads', { why: 'an OpenSSL config can load engines and providers' }),
  opt('-engine ID', 'openssl rsa -engine ./e.so -in k.pem', 'loads', { why: 'an engine is a shared library' }),
  opt('-keygen_engine ID', 'openssl req -keygen_engine e -new', 'loads', { why: 'an engine is a shared library' }),
  opt('-provider NAME', 'openssl x509 -provider legacy -in c.pem', 'loads', { why: 'a provider is a shared library' }),
  opt('-provider-path DIR', 'openssl x509 -provider-path ./p -in c.pem', 'loads', { why: 'where providers are loaded from' }),
  opt('-passin ARG', 'openssl rsa -passin file:pw.txt -in k.pem', 'none', pass),
  opt('-passout ARG', 'openssl genrsa -passout pass:x -out k.pem', 'none', pass),
  opt('-pass ARG', 'openssl genpkey -algorithm ed25519 -pass pass:x', 'none', pass),
  ...plain('openssl x509', '-in c.pem', '-help', '-new', '-x509toreq', '-req', '-copy_extensions ARG', '-inform FMT', '-vfyopt OPT',
    '-keyform FMT', '-outform FMT', '-nocert', '-noout', '-text', '-dateopt FMT', '-certopt OPT', '-fingerprint', '-alias', '-serial',
    '-startdate', '-enddate', '-dates', '-subject', '-issuer', '-nameopt OPT', '-email', '-hash', '-subject_hash', '-subject_hash_old',
    '-issuer_hash', '-issuer_hash_old', '-ext LIST', '-ocspid', '-ocsp_uri', '-purpose', '-pubkey', '-modulus', '-checkend SEC',
    '-checkhost HOST', '-checkemail EMAIL', '-checkip IP', '-set_serial N', '-next_serial', '-days N', '-preserve_dates', '-subj DN',
    '-clrext', '-extensions SECTION', '-sigopt OPT', '-badsig', '-CAform FMT', '-CAkeyform FMT', '-CAcreateserial',
    '-trustout', '-setalias NAME', '-clrtrust', '-addtrust OID', '-clrreject', '-addreject OID', '-propquery Q'),
  ...plain('openssl req', '-new -key k.pem', '-section NAME', '-utf8', '-reqopt OPT', '-x509', '-multivalue-rdn',
    '-addext EXT', '-reqexts SECTION', '-precert', '-newkey ALG', '-pkeyopt OPT', '-batch', '-verbose', '-noenc', '-nodes', '-newhdr', '-verify'),
  ...plain('openssl genrsa', '2048', '-3', '-F4', '-f4', '-primes N', '-traditional'),
  ...plain('openssl genpkey', '-algorithm ed25519', '-algorithm ALG', '-quiet', '-genparam'),
  ...plain('openssl rsa', '-in k.pem', '-check', '-pubin', '-RSAPublicKey_in', '-pubout', '-RSAPublicKey_out', '-pvk-strong', '-pvk-weak', '-pvk-none'),
  ...plain('openssl pkey', '-in k.pem', '-pubcheck', '-text_pub', '-ec_conv_form ARG', '-ec_param_enc ARG'),
  ...plain('openssl rand', '16', '-base64', '-hex'),
];

export const opensslModel: ToolModel = {
  commands: ['openssl'],
  syntax: 'single',
  options: OPTIONS,
  operands: { leading: ['none'], rest: 'read', dataIf: /^\d+$/ },
};
