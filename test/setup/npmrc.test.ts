// A plain `npm ci` on a clone works offline: the project's .npmrc, which npm reads for every
// command in the folder, hands onnxruntime-node's and node-llama-cpp's install scripts their skip
// settings (as npm_config_<key>), with nothing set in the environment.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('the project .npmrc', () => {
  it('gives install scripts the skips of onnxruntime-node and node-llama-cpp', () => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(npm_config_|ONNXRUNTIME_NODE_INSTALL|NODE_LLAMA_CPP_)/i.test(k)));
    const r = spawnSync('npm', ['exec', '--offline', '-c', 'echo "$npm_config_onnxruntime_node_install $npm_config_node_llama_cpp_postinstall"'], { env, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe('skip skip');
  });
});
