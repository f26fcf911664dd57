import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/**
 * What clipper reads of an ONNX file without loading it: the key/value metadata
 * (ModelProto.metadata_props, field 14: Whisper's n_mels, is_multilingual, language codes...)
 * and the names of the graph's outputs (ModelProto.graph = 7, GraphProto.output = 12,
 * ValueInfoProto.name = 1). Read with small positional reads that skip every other field, so a
 * model of gigabytes costs a few kilobytes of reading. A file that is not a protobuf is an error.
 */
export interface OnnxInfo {
  metadata: Record<string, string>;
  outputs: string[];
}

export class OnnxFormatError extends Error {}

class Reader {
  private buf = Buffer.alloc(16);
  constructor(private fd: number, readonly size: number) {}

  /** A varint at `pos`: its value and where the next byte is. */
  varint(pos: number): [number, number] {
    const n = readSync(this.fd, this.buf, 0, 10, pos);
    let value = 0;
    for (let i = 0, mul = 1; i < n; i++, mul *= 128) {
      value += (this.buf[i] & 0x7f) * mul;
      if (!(this.buf[i] & 0x80)) return [value, pos + i + 1];
    }
    throw new OnnxFormatError('not an ONNX file (a protobuf number runs past the end)');
  }

  bytes(pos: number, length: number): Buffer {
    const out = Buffer.alloc(length);
    if (readSync(this.fd, out, 0, length, pos) !== length) throw new OnnxFormatError('not an ONNX file (a field runs past the end)');
    return out;
  }

  /** Calls `visit` with each field (number and, for length-delimited ones, the value's span). */
  fields(start: number, end: number, visit: (field: number, from: number, to: number) => void): void {
    let pos = start;
    while (pos < end) {
      const [tag, after] = this.varint(pos);
      const field = Math.floor(tag / 8);
      const wire = tag & 7;
      if (field === 0) throw new OnnxFormatError('not an ONNX file (field number 0)');
      if (wire === 0) pos = this.varint(after)[1];
      else if (wire === 1) pos = after + 8;
      else if (wire === 5) pos = after + 4;
      else if (wire === 2) {
        const [length, from] = this.varint(after);
        if (from + length > end) throw new OnnxFormatError('not an ONNX file (a field runs past the end)');
        visit(field, from, from + length);
        pos = from + length;
      } else throw new OnnxFormatError(`not an ONNX file (protobuf wire type ${wire})`);
    }
  }
}

/** Reads the metadata and output names of the ONNX file at `path`. */
export function readOnnxInfo(path: string): OnnxInfo {
  const fd = openSync(path, 'r');
  try {
    const r = new Reader(fd, fstatSync(fd).size);
    const info: OnnxInfo = { metadata: {}, outputs: [] };
    const text = (from: number, to: number) => r.bytes(from, to - from).toString('utf8');
    r.fields(0, r.size, (field, from, to) => {
      if (field === 14) {
        let k = '';
        let v = '';
        r.fields(from, to, (f, a, b) => (f === 1 ? (k = text(a, b)) : f === 2 ? (v = text(a, b)) : undefined));
        info.metadata[k] = v;
      } else if (field === 7) {
        r.fields(from, to, (f, a, b) => {
          if (f === 12) r.fields(a, b, (g, c, d) => void (g === 1 && info.outputs.push(text(c, d))));
        });
      }
    });
    return info;
  } finally {
    closeSync(fd);
  }
}
