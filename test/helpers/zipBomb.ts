// Hostile archives built in memory: a zip writer with deflated entries (node:zlib raw deflate) and
// a DOCX whose document.xml inflates to `inflatedBytes` of repetitive XML, optionally with sizes in
// the headers that lie (claiming the compressed size, as a bomb would to pass a header check).
import zlib from 'node:zlib';
import { DOCX_CONTENT_TYPES_XML, DOCX_RELS_XML, zipArchive, type ZipEntry } from './documents.js';

/** A zip archive with deflated entries. */
export function deflateZip(entries: ZipEntry[]): Buffer {
  return zipArchive(entries, 'deflate');
}

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
    { name: '[Content_Types].xml', data: [Buffer.from(DOCX_CONTENT_TYPES_XML)] },
    { name: '_rels/.rels', data: [Buffer.from(DOCX_RELS_XML)] },
    docEntry,
  ]);
  let zip = first;
  if (opts.lie) {
    const compressed = zlib.deflateRawSync(doc, { level: 9 }).length;
    zip = deflateZip([
      { name: '[Content_Types].xml', data: [Buffer.from(DOCX_CONTENT_TYPES_XML)] },
      { name: '_rels/.rels', data: [Buffer.from(DOCX_RELS_XML)] },
      { ...docEntry, claimedSize: compressed },
    ]);
  }
  bombs.set(key, zip);
  return zip;
}

/** A zip of `count` tiny entries (an entry-count bomb), shaped as a DOCX. */
export function manyEntriesZip(count: number): Buffer {
  const entries: ZipEntry[] = [
    { name: '[Content_Types].xml', data: [Buffer.from(DOCX_CONTENT_TYPES_XML)] },
    { name: '_rels/.rels', data: [Buffer.from(DOCX_RELS_XML)] },
    { name: 'word/document.xml', data: [Buffer.from('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>')] },
  ];
  for (let i = 0; i < count; i++) entries.push({ name: `word/media/x${i}.bin`, data: [Buffer.from('x')] });
  return deflateZip(entries);
}
