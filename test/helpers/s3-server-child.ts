import { startTestS3 } from './s3-server.js';

// The loopback S3 server in a process of its own (s3-process.ts): prints its endpoint and
// credentials as one JSON line, then serves until killed.
const s3 = await startTestS3({ bucket: process.argv[2] });
process.stdout.write(`${JSON.stringify({ endpoint: s3.endpoint, credentials: s3.credentials })}\n`);
process.on('SIGTERM', () => void s3.stop().then(() => process.exit(0)));
