// Hostile archives built in memory: a zip writer with deflated entries (node:zlib raw deflate) and
// a DOCX whose document.xml inflates to `inflatedBytes` of repetitive XML, optionally with sizes in
// the headers that lie (claiming the compressed size, as a bomb would to pass a header check).
import zlib from 'node:zlib';

function crc32(bufs: Buffer[]): number {
  let c = 0;
  for (const b of bufs) c = zlib.crc32(b, c);
  return c >>> 0;
}

export interface ZipEntry {
  name: string;
  /** The entry's bytes, as pieces (a large repetitive entry need not be one buffer twice). */
  data: Buffer[];
  /** Header sizes to write instead of the true uncompressed size (a lying bomb). */
  claimedSize?: number;
}

/** A zip archive with deflated entries. */
export function deflateZip(entries: ZipEntry[]): Buffer {
  const out: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const size = e.data.reduce((n, b) => n + b.length, 0);
    const compressed = zlib.deflateRawSync(e.data.length === 1 ? e.data[0]! : Buffer.concat(e.data), { level: 9 });
    const crc = crc32(e.data);
    const claimed = e.claimedSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(claimed, 22);
    local.writeUInt16LE(name.length, 26);
    out.push(local, name, compressed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(claimed, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, ...centrals, end]);
}

const CONTENT_TYPES_XML =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS_XML =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';

const bombs = new Map<string, Buffer>();

/**
 * A DOCX whose word/document.xml inflates to about `inflatedBytes` of paragraphs: about 1/1000 of
 * that on the wire. `lie`: the headers claim the entry is as small as its compressed bytes.
 */
export function docxBomb(inflatedBytes: number, opts: { lie?: boolean } = {}): Buffer {
  const key = `${inflatedBytes}:${opts.lie ? 1 : 0}`;
  const hit = bombs.get(key);
  if (hit) return hit;
  const head = Buffer.from('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>');
  const tail = Buffer.from('</w:body></w:document>');
  const para = '<w:p><w:r><w:t>all work and no play makes a dull boy </w:t></w:r></w:p>';
  const body = Buffer.alloc(Math.max(0, inflatedBytes - head.length - tail.length), para);
  const doc = Buffer.concat([head, body, tail]);
  const docEntry: ZipEntry = { name: 'word/document.xml', data: [doc] };
  const first = deflateZip([
    { name: '[Content_Types].xml', data: [Buffer.from(CONTENT_TYPES_XML)] },
    { name: '_rels/.rels', data: [Buffer.from(RELS_XML)] },
    docEntry,
  ]);
  let zip = first;
  if (opts.lie) {
    const compressed = zlib.deflateRawSync(doc, { level: 9 }).length;
    zip = deflateZip([
      { name: '[Content_Types].xml', data: [Buffer.from(CONTENT_TYPES_XML)] },
      { name: '_rels/.rels', data: [Buffer.from(RELS_XML)] },
      { ...docEntry, claimedSize: compressed },
    ]);
  }
  bombs.set(key, zip);
  return zip;
}

/** A zip of `count` tiny entries (an entry-count bomb), shaped as a DOCX. */
export function manyEntriesZip(count: number): Buffer {
  const entries: ZipEntry[] = [
    { name: '[Content_Types].xml', data: [Buffer.from(CONTENT_TYPES_XML)] },
    { name: '_rels/.rels', data: [Buffer.from(RELS_XML)] },
    { name: 'word/document.xml', data: [Buffer.from('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>')] },
  ];
  for (let i = 0; i < count; i++) entries.push({ name: `word/media/x${i}.bin`, data: [Buffer.from('x')] });
  return deflateZip(entries);
}
