// The code of a hash-and-write thread (see hashing-writer.ts). It runs as an eval'd worker, so the
// same source works from TypeScript under test, from the esbuild bundle and from the single
// executable, none of which has a worker file at a path known in advance. Plain CommonJS: it
// may use only Node's built-in modules.
//
// Messages in:  {op:'open', id, path, flags, start}  {op:'data', id, buf, len}  {op:'end', id}
//               {op:'abort', id}
// Messages out: {op:'ack', id, buf} (the buffer comes back for reuse, or an error)
//               {op:'done', id, etag} | {op:'failed', id, message, code}
export const HASH_WRITE_WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const files = new Map();
function fail(id, e) {
  const f = files.get(id);
  if (f) { try { fs.closeSync(f.fd); } catch {} files.delete(id); }
  parentPort.postMessage({ op: 'failed', id, message: e.message, code: e.code });
}
parentPort.on('message', (m) => {
  if (m.op === 'open') {
    try {
      files.set(m.id, { fd: fs.openSync(m.path, m.flags), position: m.start, hash: createHash('md5') });
    } catch (e) { fail(m.id, e); }
  } else if (m.op === 'data') {
    const f = files.get(m.id);
    const view = new Uint8Array(m.buf, 0, m.len);
    if (f) {
      try {
        for (let off = 0; off < view.length; ) off += fs.writeSync(f.fd, view, off, view.length - off, f.position + off);
        f.position += view.length;
        f.hash.update(view);
      } catch (e) { fail(m.id, e); }
    }
    parentPort.postMessage({ op: 'ack', id: m.id, buf: m.buf }, [m.buf]);
  } else if (m.op === 'end') {
    const f = files.get(m.id);
    if (!f) return;
    try { fs.closeSync(f.fd); } catch (e) { return fail(m.id, e); }
    files.delete(m.id);
    parentPort.postMessage({ op: 'done', id: m.id, etag: f.hash.digest('hex') });
  } else if (m.op === 'abort') {
    const f = files.get(m.id);
    if (f) { try { fs.closeSync(f.fd); } catch {} files.delete(m.id); }
    parentPort.postMessage({ op: 'done', id: m.id, etag: '' });
  }
});
`;
