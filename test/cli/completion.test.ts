import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CliContext } from '../../src/cli/context.js';
import { buildProgram } from '../../src/cli/main.js';
import { bashScript } from '../../src/cli/completion/bash.js';
import { parseShell, run as runCompletion } from '../../src/cli/completion/index.js';
import { CliError } from '../../src/cli/exit-codes.js';
import { completionTree, fishQuote, shQuote } from '../../src/cli/completion/tree.js';
import { cliHarness, runCli, testContext, type CliHarness } from '../helpers/cli-io.js';

let h: CliHarness;
beforeAll(() => {
  h = cliHarness();
});
afterAll(() => h.cleanup());

const program = () => buildProgram(new CliContext({ stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: {} }));

describe('the completion tree', () => {
  it('has every registered command and its options', () => {
    const nodes = completionTree(program());
    const paths = nodes.map((n) => n.path.join(' '));
    for (const p of ['', 'daemon', 'daemon start', 'keys', 'keys create', 'login', 'profiles use', 'api', 'doctor', 'completion']) expect(paths).toContain(p);
    const start = nodes.find((n) => n.path.join(' ') === 'daemon start')!;
    expect(start.options.find((o) => o.flags.includes('--port'))).toMatchObject({ takesValue: true });
    const root = nodes.find((n) => n.path.length === 0)!;
    expect(root.options.find((o) => o.flags.includes('--json'))).toMatchObject({ takesValue: false });
  });

  it('parses the shell argument, and run() prints the script of the program it is given', async () => {
    expect(parseShell('zsh')).toBe('zsh');
    expect(() => parseShell('tcsh')).toThrow(CliError);
    const { ctx, stdout } = testContext({ env: h.env });
    const p = program();
    p.command('onlyhere');
    await runCompletion({ shell: 'fish', program: p }, ctx);
    expect(stdout.text).toContain("-a 'onlyhere'");
  });

  it('quotes words for each shell', () => {
    expect(shQuote("it's")).toBe(`'it'\\''s'`);
    expect(fishQuote("it's \\ok")).toBe(`'it\\'s \\\\ok'`);
  });
});

describe('clipper completion bash|zsh|fish', () => {
  it.each(['bash', 'zsh', 'fish'])('prints a %s script naming every command', async (shell) => {
    const r = await runCli(['completion', shell], { env: h.env });
    expect(r.code).toBe(0);
    for (const word of ['daemon', 'keys', 'login', 'logout', 'profiles', 'api', 'doctor', 'completion', 'revoke', 'data-dir', 'with-key', 'json']) expect(r.stdout).toContain(word);
  });

  it('includes a command added later without any change to the generators', () => {
    const p = program();
    p.command('brandnew').description('added by another engineer').command('verbx').option('--flagy <v>', 'a flag');
    const script = bashScript(completionTree(p));
    expect(script).toContain("'brandnew verbx') echo '--flagy --help'");
    expect(script).toMatch(/'brandnew'\) echo 'verbx'/);
  });

  it('passes `bash -n`, and completes commands, subcommands and options in a real bash', async () => {
    const file = join(h.stateDir, '..', 'clipper.bash');
    writeFileSync(file, (await runCli(['completion', 'bash'], { env: h.env })).stdout);
    expect(spawnSync('bash', ['-n', file]).status).toBe(0);
    const complete = (line: string) => {
      const words = line.split(' ');
      const script = `source ${shQuote(file)}; COMP_WORDS=(${words.map(shQuote).join(' ')}); COMP_CWORD=${words.length - 1}; _clipper; printf '%s\\n' "\${COMPREPLY[@]}"`;
      const r = spawnSync('bash', ['-c', script], { encoding: 'utf8' });
      expect(r.stderr).toBe('');
      return r.stdout.trim().split('\n').filter(Boolean).sort();
    };
    expect(complete('clipper ke')).toEqual(['keys']);
    expect(complete('clipper keys ')).toEqual(['create', 'list', 'revoke']);
    expect(complete('clipper --profile keys daemon st')).toEqual(['start', 'status', 'stop']);
    expect(complete('clipper daemon start --p')).toEqual(['--port', '--profile']);
    expect(complete('clipper profiles list --js')).toEqual(['--json']);
  });
});
