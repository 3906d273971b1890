import { describe, expect, it } from 'vitest';
import { inVariableFamily, MODELLED_VARIABLE_NAMES, variableEffect } from '../../../src/domain/policy/envVariables.js';
import { CODE_RUNNING_NAMES, isCodeRunningVariable } from '../../../src/domain/policy/envAssignments.js';
import { GIT_ENVIRONMENT_NAMES } from '../../../src/domain/toolModels/tools/git/environment.js';

// One home per fact: a variable with an effect is listed once, either in envAssignments' name
// lists or in a model table (envVariables.ts and the tool files it gathers), never in both.
describe('environment variable tables', () => {
  it('lists each modelled name once, outside the code-running lists and git', () => {
    const twice = MODELLED_VARIABLE_NAMES.filter((n, i) => MODELLED_VARIABLE_NAMES.indexOf(n) !== i);
    expect(twice).toEqual([]);
    expect(MODELLED_VARIABLE_NAMES.filter((n) => isCodeRunningVariable(n))).toEqual([]);
    expect(MODELLED_VARIABLE_NAMES.filter((n) => GIT_ENVIRONMENT_NAMES.includes(n))).toEqual([]);
    // A family (`SYSTEMD_*`) is the name's home too: a code-running name under one is a second home.
    expect(CODE_RUNNING_NAMES.filter((n) => inVariableFamily(n))).toEqual([]);
  });

  it.each([
    ['MAGIC', 'x', 'read'],
    ['SSH_SK_PROVIDER', './x.so', 'loads'],
    ['LOCALDOMAIN', 'nip.io', 'network'],
    ['PYENV_ROOT', './r', 'exec'],
    ['KRB5CCNAME', 'FILE:/tmp/x', 'loads'],
    ['DBUS_SYSTEM_BUS_ADDRESS', 'unixexec:path=./x', 'network'],
  ])('%s=%s has effect %s', (name, value, effect) => {
    expect(variableEffect(name, value)?.effect).toBe(effect);
  });

  it.each([
    ['PYENV_VERSION', '3.12.1'],
    ['ASDF_PYTHON_VERSION', '3.11:3.12'],
    ['RUSTUP_TOOLCHAIN', 'nightly-2024-01-01'],
    ['DBUS_SESSION_BUS_ADDRESS', 'unix:path=/run/user/1000/bus'],
    ['SYSTEMD_COLORS', '0'],
    ['LESS', '-R'],
    ['NODE_ENV', 'test'],
  ])('%s=%s is data', (name, value) => {
    expect(variableEffect(name, value)).toBeUndefined();
  });

  it.each([
    ['PYENV_VERSION', '../../tmp/x'],
    ['PYENV_VERSION', '/abs'],
    ['DBUS_SESSION_BUS_ADDRESS', 'unix:path=/run/bus;tcp:host=h'],
    ['LESS', '+!id'],
    ['LESS', '-o log'],
  ])('%s=%s is not data', (name, value) => {
    expect(variableEffect(name, value)).toBeDefined();
  });
});
