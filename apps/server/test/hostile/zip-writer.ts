import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A zip writer for hostile archives: it writes what it is told, including what a real zip tool never would
 * (central-directory entries that share one local entry, a wrong CRC), so the readers' defences can be tested.
 */
export interface ZipPart {
  name: string;
  data: Buffer;
  /** Store instead of deflate (default: deflate). */
  stored?: boolean;
  /** Write this CRC instead of the data's own. */
  crc?: number;
}

export interface ZipOptions {
  /** More central-directory entries, each pointing at the local entry of the part named `target`. */
  aliases?: { name: string; target: string }[];
}

export function writeZip(parts: ZipPart[], options: ZipOptions = {}): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  const written = new Map<string, { offset: number; header: Omit<Header, 'name'> }>();
  let offset = 0;
  for (const part of parts) {
    const packed = part.stored ? part.data : deflateRawSync(part.data, { level: 9 });
    const header: Header = {
      name: part.name,
      method: part.stored ? 0 : 8,
      crc: part.crc ?? crc32(part.data),
      packedSize: packed.length,
      size: part.data.length,
    };
    const local = Buffer.concat([localHeader(header), packed]);
    written.set(part.name, { offset, header });
    central.push(centralHeader(header, offset));
    locals.push(local);
    offset += local.length;
  }
  for (const alias of options.aliases ?? []) {
    const target = written.get(alias.target);
    if (!target) throw new Error(`no part named ${alias.target}`);
    central.push(centralHeader({ ...target.header, name: alias.name }, target.offset));
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length, 8);
  end.writeUInt16LE(central.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

interface Header {
  name: string;
  method: number;
  crc: number;
  packedSize: number;
  size: number;
}

function localHeader(h: Header): Buffer {
  const name = Buffer.from(h.name);
  const b = Buffer.alloc(30);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(20, 4);
  b.writeUInt16LE(h.method, 8);
  b.writeUInt16LE(0x21, 12); // 1980-01-01
  b.writeUInt32LE(h.crc >>> 0, 14);
  b.writeUInt32LE(h.packedSize, 18);
  b.writeUInt32LE(h.size, 22);
  b.writeUInt16LE(name.length, 26);
  return Buffer.concat([b, name]);
}

function centralHeader(h: Header, offset: number): Buffer {
  const name = Buffer.from(h.name);
  const b = Buffer.alloc(46);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE(20, 4);
  b.writeUInt16LE(20, 6);
  b.writeUInt16LE(h.method, 10);
  b.writeUInt16LE(0x21, 14);
  b.writeUInt32LE(h.crc >>> 0, 16);
  b.writeUInt32LE(h.packedSize, 20);
  b.writeUInt32LE(h.size, 24);
  b.writeUInt16LE(name.length, 28);
  b.writeUInt32LE(offset, 42);
  return Buffer.concat([b, name]);
}
