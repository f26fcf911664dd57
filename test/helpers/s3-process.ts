import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { s3Client } from '../../daemon/objects/s3-client.js';
import type { S3Credentials } from './s3-auth.js';

/**
 * An S3 server in a process of its own, so a test can freeze it (SIGSTOP) as a hung server is
 * frozen, not killed: moto (`python3 -m moto.server`, an independent implementation) when it is
 * installed, else the project's loopback server (s3-server.ts) run by s3-server-child.ts.
 */
export interface S3Process {
  endpoint: string;
  bucket: string;
  credentials: S3Credentials;
  /** "moto" or "loopback". */
  kind: string;
  /** SIGSTOPs the server; the returned function SIGCONTs it. */
  pause(): () => void;
  stop(): Promise<void>;
}

/** CLIPPER_TEST_S3_SERVER=loopback uses the project's server even where moto is installed. */
const hasMoto = () => process.env.CLIPPER_TEST_S3_SERVER !== 'loopback' && spawnSync('python3', ['-c', 'import moto.server'], { stdio: 'ignore' }).status === 0;

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as { port: number };
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

/** The first line the child prints (the loopback server's JSON), or when moto answers HTTP. */
async function started(child: ChildProcess, endpoint?: string): Promise<string | undefined> {
  if (!endpoint) {
    const lines = createInterface({ input: child.stdout! });
    const [line] = (await once(lines, 'line')) as [string];
    lines.close();
    return line;
  }
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the S3 server exited with ${child.exitCode}`);
    const up = await fetch(endpoint).then(() => true, () => false);
    if (up) return undefined;
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function startS3Process(bucket = 'clipper-frozen'): Promise<S3Process> {
  let child: ChildProcess;
  let endpoint: string;
  let credentials: S3Credentials = { accessKeyId: 'AKIATESTCLIPPER', secretAccessKey: 'moto-accepts-any-secret' };
  const kind = hasMoto() ? 'moto' : 'loopback';
  if (kind === 'moto') {
    const port = await freePort();
    endpoint = `http://127.0.0.1:${port}`;
    child = spawn('python3', ['-m', 'moto.server', '-H', '127.0.0.1', '-p', String(port)], { stdio: ['ignore', 'ignore', 'ignore'] });
    await started(child, endpoint);
    const client = s3Client({ endpoint, bucket, region: 'us-east-1', ...credentials, forcePathStyle: true });
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    client.destroy();
  } else {
    child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./s3-server-child.ts', import.meta.url)), bucket], { stdio: ['ignore', 'pipe', 'inherit'] });
    const info = JSON.parse((await started(child))!) as { endpoint: string; credentials: S3Credentials };
    ({ endpoint, credentials } = info);
  }
  const pid = child.pid!;
  return {
    endpoint, bucket, credentials, kind,
    pause() {
      process.kill(pid, 'SIGSTOP');
      return () => process.kill(pid, 'SIGCONT');
    },
    async stop() {
      if (child.exitCode !== null) return;
      process.kill(pid, 'SIGCONT');
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
