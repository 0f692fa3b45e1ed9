import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * The file sizes of the embedded database's data directory, kept in memory (decision 070).
 *
 * PostgreSQL asks a relation's size in blocks (`lseek(fd, 0, SEEK_END)`) each time it plans a statement over it and
 * each time it scans it. Emscripten's NODEFS answers that seek with `fs.fstatSync`: a system call and a new `Stats`
 * object, 19% of the server's time under the lists bench:api measures. The data directory is this process's alone
 * (PGlite opens it in one process), so a file's size changes only through this file system's own writes and
 * truncations: the size is read once per file and then follows them.
 *
 * - A write through any stream of a file moves its size to at least where the write ended.
 * - A truncation, an allocation or any other change of attributes forgets the size: the next seek reads it again.
 * - A file that is unlinked and made again is a new node with no size kept.
 */

/** The parts of Emscripten's FS and NODEFS this touches (its types are not exported). */
interface FsNode {
  mode: number;
}
interface FsStream {
  node: FsNode;
  flags: number;
}
type Seek = (stream: FsStream, offset: number, whence: number) => number;
type Write = (stream: FsStream, buffer: Uint8Array, offset: number, length: number, position?: number, canOwn?: boolean) => number;
type SetAttr = (target: FsStream | FsNode, attr: Record<string, unknown>) => void;
interface NodeFsOps {
  stream_ops: { llseek: Seek; write: Write; setattr?: SetAttr };
  node_ops: { setattr: SetAttr };
}
interface EmscriptenModule {
  FS: { isFile(mode: number): boolean };
  NODEFS: NodeFsOps;
}

const SEEK_END = 2;
/** Emscripten's O_APPEND: a write lands at the end, wherever the stream stood. */
const O_APPEND = 1024;

export interface FileSizeCounts {
  /** Seeks to a file's end answered from memory. */
  kept: number;
  /** Seeks to a file's end that read the file's size. */
  read: number;
}

/**
 * Keeps NODEFS's file sizes in memory, for one Emscripten module (one PGlite). `check` reads the real size on every
 * seek to a file's end as well and calls it with both (tests: a kept size that is wrong would let PostgreSQL write
 * over its own blocks).
 */
export function keepFileSizes({ FS, NODEFS }: EmscriptenModule, check?: (kept: number, real: number) => void): FileSizeCounts {
  const counts: FileSizeCounts = { kept: 0, read: 0 };
  const sizes = new WeakMap<FsNode, number>();
  const streamOps = NODEFS.stream_ops;
  const nodeOps = NODEFS.node_ops;
  const seek = streamOps.llseek;
  const write = streamOps.write;

  streamOps.llseek = (stream, offset, whence) => {
    if (whence !== SEEK_END || !FS.isFile(stream.node.mode)) return seek.call(streamOps, stream, offset, whence);
    const kept = sizes.get(stream.node);
    if (kept === undefined || check) {
      // Asked from 0, the seek answers the file's size (and throws as it would for a bad stream).
      const real = seek.call(streamOps, stream, 0, SEEK_END);
      if (kept !== undefined) check!(kept, real);
      else {
        counts.read++;
        sizes.set(stream.node, real);
      }
    }
    const size = sizes.get(stream.node)!;
    if (kept !== undefined) counts.kept++;
    // A position before the start is the seek's own error to raise.
    return offset + size < 0 ? seek.call(streamOps, stream, offset, whence) : offset + size;
  };

  streamOps.write = (stream, buffer, offset, length, position, canOwn) => {
    const written = write.call(streamOps, stream, buffer, offset, length, position, canOwn);
    const kept = sizes.get(stream.node);
    if (kept !== undefined) {
      if (typeof position !== 'number' || stream.flags & O_APPEND) sizes.delete(stream.node);
      else sizes.set(stream.node, Math.max(kept, position + written));
    }
    return written;
  };

  // A truncation (ftruncate, truncate, and Emscripten's posix_fallocate, which truncates upwards) changes attributes.
  const forgetting = (setattr: SetAttr, nodeOf: (target: FsStream | FsNode) => FsNode): SetAttr =>
    function (this: unknown, target, attr) {
      sizes.delete(nodeOf(target));
      return setattr.call(this, target, attr);
    };
  if (streamOps.setattr) streamOps.setattr = forgetting(streamOps.setattr, (stream) => (stream as FsStream).node);
  nodeOps.setattr = forgetting(nodeOps.setattr, (node) => node as FsNode);
  return counts;
}

/** PGlite's Node file system, with its file sizes kept in memory (keepFileSizes). */
export class SizeKeepingNodeFS extends NodeFS {
  counts: FileSizeCounts = { kept: 0, read: 0 };

  constructor(
    dataDir: string,
    private readonly check?: (kept: number, real: number) => void,
  ) {
    super(dataDir);
  }

  override async init(...args: Parameters<NodeFS['init']>) {
    const { emscriptenOpts } = await super.init(...args);
    const keep = (mod: unknown) => {
      this.counts = keepFileSizes(mod as EmscriptenModule, this.check);
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), keep] } };
  }
}
